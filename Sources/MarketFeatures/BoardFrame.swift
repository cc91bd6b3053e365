public import MarketDomain

/// One exchange's board as a reader's frame sees it, shared by every reader: the board itself
/// (its storage is copy-on-write, so handing it out copies nothing; the feed's next tick copies
/// it once, whatever the number of readers), and what moved since the version the reader last
/// saw. A view model keeps only its viewer's choices and the order it derived from these.
public struct BoardFrame: Sendable {
    /// The markets and their tickers at this frame.
    public let board: TickerBoard
    /// The version of this frame: ask for the next one since it.
    public let version: UInt64
    /// The live feed's state.
    public let connection: ConnectionState
    /// What moved since the version asked for.
    public let changes: BoardChanges
    /// Whether the board stopped following its feed (nothing more will move).
    public let isStopped: Bool
    /// Whether the board follows its live feed now (the Compare tab's boards start when it first
    /// shows: until then their feeds are idle, not connecting).
    public let isFollowing: Bool
}

/// What moved on a board between two of its frames.
public enum BoardChanges: Sendable, Equatable {
    /// Anything may have: the board was replaced (a REST snapshot, a new market list), or the
    /// reader is new or so far behind that its moves were forgotten.
    case everything
    /// These ticks, in the order they were applied (a market can appear more than once).
    case moved([MarketMove])
}

/// One tick applied to a board, as its readers need it: which market, which way its price went.
public struct MarketMove: Sendable, Equatable {
    /// The market that ticked.
    public let id: MarketID
    /// Which way the price went; `nil` when the tick left it where it was (or is the first).
    public let direction: ChangeDirection?
    /// The tick's time, Unix milliseconds.
    public let timestamp: Int64

    public init(id: MarketID, direction: ChangeDirection?, timestamp: Int64) {
        self.id = id
        self.direction = direction
        self.timestamp = timestamp
    }
}

/// The moves of a board, numbered, for readers that ask what moved since a number they saw. It
/// holds at most `capacity` moves: a reader further behind gets ``BoardChanges/everything``,
/// which costs it a full redraw, never a wrong one.
struct MoveLog {
    /// The number of the first move held.
    private(set) var start: UInt64 = 0
    private var moves: [MarketMove] = []
    /// Moves numbered below this were made on a board since replaced.
    private var replacedAt: UInt64 = 0
    let capacity: Int

    init(capacity: Int = 65_536) {
        self.capacity = max(2, capacity)
    }

    /// The number the next move gets: the version of the board after the last one.
    var end: UInt64 { start + UInt64(moves.count) }

    mutating func append(_ move: MarketMove) {
        if moves.count >= capacity {
            let dropped = moves.count / 2
            moves.removeFirst(dropped)
            start += UInt64(dropped)
        }
        moves.append(move)
    }

    /// The whole board changed: every reader starts over, and the moves held are forgotten.
    mutating func replaceBoard() {
        start = end + 1
        replacedAt = start
        moves.removeAll(keepingCapacity: true)
    }

    /// What moved since `version` (a value of ``end`` a reader saw; `nil` for a new reader).
    func changes(since version: UInt64?) -> BoardChanges {
        guard let version, version >= replacedAt, version >= start, version <= end else { return .everything }
        return .moved(Array(moves[Int(version - start)...]))
    }
}

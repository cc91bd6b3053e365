/// What takes each message a socket reads: its bytes, borrowed for the call, and whether it is
/// the first message of its read. The messages one read brings arrived together, so a reader
/// that stamps arrival times needs the clock once a read, not once a message.
public typealias FrameReceiver =
    @Sendable (_ message: UnsafeBufferPointer<UInt8>, _ isFirstOfItsRead: Bool) throws ->
    Void

/// One open socket as the live feed sees it: the frames that arrive and a way to send text.
/// The WebSocket connector provides the real one; tests script their own.
public struct FeedConnection: Sendable {
    /// Reads the socket until it closes, handing each message's payload (binary or text) to
    /// `receive` in arrival order, where the bytes are read (the real socket calls it on its
    /// event loop, in the turn that read them): the bytes are only borrowed for the call, and no
    /// message costs a hop between tasks. Returns when the socket closes; throws when it fails,
    /// or what `receive` throws (which stops the reading).
    public var readFrames: @Sendable (_ receive: @escaping FrameReceiver) async throws -> Void
    /// Sends a text frame.
    public var send: @Sendable (String) async throws -> Void

    /// Makes a connection from its reader and its sender.
    public init(
        readFrames: @escaping @Sendable (_ receive: @escaping FrameReceiver) async throws -> Void,
        send: @escaping @Sendable (String) async throws -> Void
    ) {
        self.readFrames = readFrames
        self.send = send
    }

    /// A connection whose frames come from a stream (scripted sockets in tests), each one a read of its own.
    public init(
        frames: AsyncThrowingStream<[UInt8], any Error>, send: @escaping @Sendable (String) async throws -> Void
    ) {
        self.init(
            readFrames: { receive in
                for try await frame in frames { try frame.withUnsafeBufferPointer { try receive($0, true) } }
            }, send: send)
    }
}

/// Opens connections: `connect` opens one, runs `session` while it is open and returns (or
/// throws) when it closes. Returning from `session` closes the socket.
public struct FeedConnector: Sendable {
    /// Opens a connection and runs `session` on it.
    public var connect:
        @Sendable (_ session: @escaping @Sendable (FeedConnection) async throws -> Void) async throws -> Void

    /// Makes a connector.
    public init(
        connect:
            @escaping @Sendable (_ session: @escaping @Sendable (FeedConnection) async throws -> Void) async throws ->
            Void
    ) {
        self.connect = connect
    }
}

import Foundation
import MarketDomain
import MarketFeatures
import Testing

@testable import WebDashboard

/// The protocol between `sise serve` and the page, pinned byte for byte (sorted keys, as sent).
@Suite struct DashboardProtocolTests {
    private func json(_ message: DashboardMessage) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    @Test func helloNamesTheProtocolAndTheExchange() throws {
        #expect(
            try json(.hello(protocolVersion: DashboardMessage.protocolVersion, exchange: "Upbit"))
                == #"{"exchange":"Upbit","type":"hello","version":5}"#)
    }

    @Test func aPatchCarriesOnlyWhatChangedWithItsSequenceNumber() throws {
        var old = BoardOutput()
        let bitcoin = BoardRow(
            id: MarketID("KRW-BTC")!, name: "비트코인", symbol: "BTC", price: "140,000,000", changeRate: "+1.01%",
            changePrice: "+1,400,000", tradeValue: "300,000백만", direction: .rise, flash: nil, isFavorite: false,
            isSelected: true)
        old.rows = [bitcoin]
        old.toast = "★ Added 비트코인 (BTC)"
        var new = old
        new.rows[0].price = "140,100,000"
        new.rows[0].flash = .rise
        new.toast = nil
        var oldScreen = DashboardScreen()
        oldScreen.board = old
        var newScreen = DashboardScreen()
        newScreen.board = new
        #expect(
            try json(.patch(sequence: 7, changes: DashboardScreenPatch(from: oldScreen, to: newScreen)))
                == #"{"changes":{"board":{"cleared":["toast"],"rows":[{"flash":"rise","id":"KRW-BTC","#
                + #""price":"140,100,000"}]}},"seq":7,"type":"patch"}"#)
    }

    @Test func aSnapshotIsTheWholeOutput() throws {
        var output = DashboardScreen()
        output.board.status.exchange = "Upbit"
        output.board.placeholder = "Loading…"
        #expect(
            try json(.snapshot(sequence: 1, output: output))
                == #"{"output":{"board":{"columnTitles":{"bithumb":"빗썸","change":"#
                + #""변동","changeRate":"등락률","d15m":"Δ15m","d1m":"Δ1m","d5m":"Δ5m"#
                + #"","global":"바이낸스 $","korbit":"코빗","name":"이름","premium":"김프""#
                + #","price":"현재가","spread":"차이","symbol":"심볼","upbit":"업비트","va"#
                + #"lue":"거래대금"},"columnsGivingWay":["change","d1m","d15m","d5m""#
                + #","symbol","changeRate","price","value","name"],"#
                + #""compareRows":[],"firstRowIndex":0,"hidesWarned":false,"isHelpVisible":false,"#
                + #""isSearchFocused":false,"order":{"direction":"descending","key":"value"},"#
                + #""placeholder":"Loading…","quoteGroup":"KRW","quoteGroups":[],"rowCount":0,"rows":[],"searchText":"","#
                + #""status":{"connection":{"connecting":{}},"exchange":"Upbit","feeds":[],"isSimulated":true,"#
                + #""lastUpdate":"","ticksPerSecond":0},"tab":"market","#
                + #""tabs":["market","favorites","compare","watchlist","alerts"]},"keysRead":0},"seq":1,"#
                + #""type":"snapshot"}"#)
    }

    @Test func anErrorSaysWhatWasWrong() throws {
        #expect(try json(.error("not JSON")) == #"{"message":"not JSON","type":"error"}"#)
    }

    @Test func requestsAreAnInputOrAResyncAndAnythingElseIsRefusedWithAReason() {
        #expect(
            DashboardRequest.read(Array(#"{"input":{"board":{"searchTextChanged":{"text":"ㅂㅌ"}}}}"#.utf8))
                == .success(.input(.board(.searchTextChanged("ㅂㅌ")))))
        #expect(
            DashboardRequest.read(Array(#"{"input":{"watchlist":{"searchTextChanged":{"text":"삼성"}}}}"#.utf8))
                == .success(.input(.watchlist(.searchTextChanged("삼성")))))
        #expect(DashboardRequest.read(Array(#"{"resync":{}}"#.utf8)) == .success(.resync))
        for bad in [
            "", "not json", "[]", #"{"input":{"explode":{}}}"#, #"{"input":{},"resync":{}}"#, #"{"hello":1}"#,
            #"{"input":{"board":{"selectionMoved":{"by":"one"}}}}"#, #"{"input":{"searchTextChanged":{"text":"a"}}}"#,
        ] {
            guard case .failure(let refusal) = DashboardRequest.read(Array(bad.utf8)) else {
                Issue.record("took \(bad)")
                continue
            }
            #expect(!refusal.reason.isEmpty)
        }
        let huge = #"{"input":{"searchTextChanged":{"text":""# + String(repeating: "a", count: 20_000) + #""}}}"#
        #expect(
            DashboardRequest.read(Array(huge.utf8))
                == .failure(RequestRefusal(reason: "a request longer than 16384 bytes")))
    }
}

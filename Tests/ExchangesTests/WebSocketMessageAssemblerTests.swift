import NIOCore
import Testing
import WebSocketFrames

@testable import Exchanges

/// Messages come whole from one frame as they are, or put together from their fragments; a
/// fragment out of place or a message past the limit is refused.
@Suite struct WebSocketMessageAssemblerTests {
    private func buffer(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test func aMessageInOneFrameIsHandedOnAsItCame() throws {
        var messages = WebSocketMessageAssembler(maxSize: 64)
        #expect(try messages.add(buffer("{\"a\":1}"), startsMessage: true, fin: true) == buffer("{\"a\":1}"))
        #expect(try messages.add(buffer("next"), startsMessage: true, fin: true) == buffer("next"))
    }

    @Test func fragmentsArePutTogetherInOrder() throws {
        var messages = WebSocketMessageAssembler(maxSize: 64)
        #expect(try messages.add(buffer("{\"ty"), startsMessage: true, fin: false) == nil)
        #expect(try messages.add(buffer("pe\":\"tick"), startsMessage: false, fin: false) == nil)
        #expect(try messages.add(buffer("er\"}"), startsMessage: false, fin: true) == buffer("{\"type\":\"ticker\"}"))
        #expect(try messages.add(buffer("after"), startsMessage: true, fin: true) == buffer("after"))
    }

    @Test func fragmentsOutOfPlaceAreRefused() {
        var messages = WebSocketMessageAssembler(maxSize: 64)
        #expect(throws: WebSocketMessageAssembler.Problem.continuationWithoutStart) {
            try messages.add(buffer("tail"), startsMessage: false, fin: true)
        }
        var open = WebSocketMessageAssembler(maxSize: 64)
        _ = try? open.add(buffer("head"), startsMessage: true, fin: false)
        #expect(throws: WebSocketMessageAssembler.Problem.startInsideMessage) {
            try open.add(buffer("other"), startsMessage: true, fin: true)
        }
    }

    @Test func aMessagePastTheLimitIsRefusedWhetherWholeOrInFragments() {
        var whole = WebSocketMessageAssembler(maxSize: 8)
        #expect(throws: WebSocketMessageAssembler.Problem.tooLarge(limit: 8)) {
            try whole.add(buffer("123456789"), startsMessage: true, fin: true)
        }
        var fragments = WebSocketMessageAssembler(maxSize: 8)
        #expect(throws: WebSocketMessageAssembler.Problem.tooLarge(limit: 8)) {
            _ = try fragments.add(buffer("12345"), startsMessage: true, fin: false)
            _ = try fragments.add(buffer("6789"), startsMessage: false, fin: true)
        }
    }
}

import MarketDomain
import MarketFeatures
import TestSupport
import Testing

@Suite struct BoardSettingsTests {
    @Test func settingsRoundTripThroughThePreferenceStoreUnderTheBoardKey() throws {
        let memory = InMemoryPreferenceStore()
        let store = memory.store
        #expect(try store.boardSettings(.upbit) == nil)
        let settings = BoardSettings(
            tab: .favorites, orders: [.market: QuoteOrder(key: .price, direction: .ascending)],
            searches: [.favorites: "ㅂㅌ"])
        try store.saveBoardSettings(.upbit, settings)
        #expect(try store.boardSettings(.upbit) == settings)
        #expect(try store.boardSettings(.bithumb) == nil)
        // The key and the JSON are those of earlier versions, so a saved board reopens as it was.
        let text = try #require(try store.setting("board.upbit"))
        #expect(text.contains(#""tab":"favorites""#))
    }

    @Test func damagedOrOlderSettingsReadAsNoneButAFailingStoreThrows() throws {
        let memory = InMemoryPreferenceStore(settings: ["board.upbit": #"{"tab":"charts"}"#, "board.korbit": "{"])
        #expect(try memory.store.boardSettings(.upbit) == nil)
        #expect(try memory.store.boardSettings(.korbit) == nil)
        memory.failWrites()
        #expect(throws: InMemoryPreferenceStore.StoreFailure.self) {
            try memory.store.saveBoardSettings(.upbit, BoardSettings())
        }
    }
}

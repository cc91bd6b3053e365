import Testing

@testable import MarketFeatures

/// A view model's output observers are called in the order they came, and one removed is not
/// called again: a root view model run twice follows its board once.
@MainActor
@Suite struct OutputObserversTests {
    @Test func observersAreCalledInOrderAndARemovedOneNoMore() {
        let observers = OutputObservers()
        var calls: [String] = []
        let first = observers.add { calls.append("first") }
        _ = observers.add { calls.append("second") }
        observers.notify()
        #expect(calls == ["first", "second"])
        observers.remove(first)
        observers.remove(first)
        observers.notify()
        #expect(calls == ["first", "second", "second"])
    }
}

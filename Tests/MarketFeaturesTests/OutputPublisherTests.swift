import Testing

@testable import MarketFeatures

/// Every view model's one way out: each subscriber gets the current output, then each new one,
/// keeping all of them or only the newest as it asked.
@Suite struct OutputPublisherTests {
    @Test func aSubscriberGetsTheCurrentOutputThenEachNewOneInOrder() async {
        let publisher = OutputPublisher(0)
        publisher.publish(1)
        let every = publisher.subscribe(bufferingPolicy: .unbounded)
        let newest = publisher.subscribe()
        for value in 2...5 { publisher.publish(value) }
        publisher.finish()
        var seen: [Int] = []
        for await value in every { seen.append(value) }
        #expect(seen == [1, 2, 3, 4, 5])
        var latest: [Int] = []
        for await value in newest { latest.append(value) }
        #expect(latest == [5])
    }

    @Test func aSubscriberThatStopsIsForgottenAndTheOthersGoOn() async {
        let publisher = OutputPublisher("a")
        var gone: AsyncStream<String>? = publisher.subscribe()
        #expect(publisher.subscriberCount == 1)
        _ = gone
        gone = nil
        #expect(publisher.subscriberCount == 0)
        let staying = publisher.subscribe(bufferingPolicy: .unbounded)
        publisher.publish("b")
        publisher.finish()
        var seen: [String] = []
        for await value in staying { seen.append(value) }
        #expect(seen == ["a", "b"])
    }
}

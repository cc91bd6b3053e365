import Testing

@testable import MarketFeatures

/// The mailbox a board leaves its updates in for a reader that drains them once a frame.
@Suite struct UpdateMailboxTests {
    @Test func updatesWaitUntilDrainedOldestFirstAndTheOldestGoPastTheCapacity() {
        let mailbox = UpdateMailbox<Int>(capacity: 3)
        for update in 1...5 { mailbox.post(update) }
        #expect(mailbox.drain() == [3, 4, 5])
        #expect(mailbox.drain().isEmpty)
        mailbox.post(6)
        #expect(mailbox.drain() == [6])
    }

    @Test func aFinishedBoardEndsTheReaderOnlyOnceEverythingWasTaken() {
        let mailbox = UpdateMailbox<Int>()
        mailbox.post(1)
        mailbox.finish()
        mailbox.post(2)
        #expect(!mailbox.isFinished)
        #expect(mailbox.drain() == [1])
        #expect(mailbox.isFinished)
    }

    @Test func aClosedMailboxTakesNothingMore() {
        let mailbox = UpdateMailbox<Int>()
        mailbox.post(1)
        mailbox.close()
        mailbox.post(2)
        #expect(mailbox.isClosed)
        #expect(mailbox.drain().isEmpty)
    }
}

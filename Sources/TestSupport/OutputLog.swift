public import Testing

/// Every output a view model published, in order, for tests that assert the whole sequence.
@MainActor
public final class OutputLog<Value> {
    /// The outputs so far, oldest first.
    public private(set) var values: [Value] = []

    /// An empty log.
    public init() {}

    /// Records one output.
    public func append(_ value: Value) {
        values.append(value)
    }
}

extension OutputLog where Value: Equatable {
    /// Checks the outputs logged since the last check: they must be `changes`, one output each,
    /// each the one before changed by its step (starting from `shown`); returns the last output
    /// seen, the next check's start. How whole-output view-model tests name every step.
    public func expectChanges(
        _ changes: [(inout Value) -> Void], from shown: Value, since seen: inout Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Value {
        let new = Array(values[seen...])
        var expected: [Value] = []
        var last = shown
        for change in changes {
            change(&last)
            expected.append(last)
        }
        expectNoDifference(new, expected, sourceLocation: sourceLocation)
        seen = values.count
        return new.last ?? shown
    }
}

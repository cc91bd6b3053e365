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

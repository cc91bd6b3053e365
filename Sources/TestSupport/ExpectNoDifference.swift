import CustomDump
public import Testing

/// Fails the test when `actual` differs from `expected`, showing the difference field by field
/// (swift-custom-dump's `diff`): how a test compares whole outputs. It records the issue with
/// Swift Testing itself, which IssueReporting's own `expectNoDifference` does not reach on Linux.
public func expectNoDifference<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let lead = comment().isEmpty ? "" : comment() + "\n"
    let difference = diff(expected, actual) ?? "(the same dump, yet not equal)\n\(String(customDumping: actual))"
    Issue.record(
        Comment(rawValue: lead + "Difference: (-) expected, (+) actual\n" + difference), sourceLocation: sourceLocation)
}

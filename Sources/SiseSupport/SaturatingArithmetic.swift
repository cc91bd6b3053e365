/// Integer arithmetic that stops at the type's ends instead of trapping: a number that came
/// from outside (a browser tab's step, a flag, a request's count) can be anything, and Swift ends
/// the process on an overflow. Use these wherever such a number meets another.
extension FixedWidthInteger {
    /// `self + other`, or the nearest end of the type when the sum does not fit.
    @inlinable
    public func adding(saturating other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, or the nearest end of the type when the difference does not fit.
    @inlinable
    public func subtracting(saturating other: Self) -> Self {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other > 0 ? .min : .max
    }

    /// `self × other`, or the end of the type on the product's side when it does not fit.
    @inlinable
    public func multiplied(saturating other: Self) -> Self {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}

extension Comparable {
    /// This value, or the nearer end of `range` when it lies outside.
    @inlinable
    public func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}

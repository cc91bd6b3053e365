import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct NumberFormatTests {
    @Test func anAxisAmountIsShortWhateverItsSize() {
        #expect(NumberFormat.compact(4) == "4.000")
        #expect(NumberFormat.compact(9_999.5) == "9,999.500")
        #expect(NumberFormat.compact(15_253) == "15.3K")
        #expect(NumberFormat.compact(15_253_087.123) == "15.25M")
        #expect(NumberFormat.compact(1_234_567_890) == "1.23B")
        #expect(NumberFormat.compact(.infinity) == "—" && NumberFormat.compact(.nan) == "—")
    }

    @Test func krwPricesTakeTheirTickSizesDecimals() {
        #expect(NumberFormat.price(103_458_000) == "103,458,000")
        #expect(NumberFormat.price(3_457) == "3,457")
        #expect(NumberFormat.price(512.3) == "512.3")
        #expect(NumberFormat.price(86.55) == "86.55")
        #expect(NumberFormat.price(1.972) == "1.972")
        #expect(NumberFormat.price(0.01234) == "0.01234")
        #expect(NumberFormat.price(0.00001234) == "0.00001234")
    }

    @Test func aFigureForAMachineHasNoThousandsSeparators() {
        #expect(NumberFormat.fixed(1_489.94, decimals: 1) == "1,489.9")
        #expect(NumberFormat.machine(1_489.94, decimals: 1) == "1489.9")
        #expect(NumberFormat.machine(-12_345_678.125, decimals: 2) == "-12345678.13")
    }

    @Test func fixedFiguresAreFoundationsRoundingWithACommaEveryThreeDigits() {
        // Values of at most 15 significant digits, each sign, at 0 to 8 decimals, with one digit
        // more than shown and never a 5 there: no rounding tie that the two could break apart.
        var random = SplitMix(state: 31)
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...8, using: &random)
            let digits = Int.random(in: 1...(15 - decimals), using: &random) + decimals
            var units = Int64.random(in: 0..<Int64(pow(10, Double(digits))), using: &random)
            if units % 10 == 5 { units += 1 }
            let value = Double(units) / pow(10, Double(decimals + 1))
            let signed = Bool.random(using: &random) ? -value : value
            #expect(NumberFormat.fixed(signed, decimals: decimals) == Self.reference(signed, decimals: decimals))
        }
        #expect(NumberFormat.fixed(0, decimals: 0) == "0")
        #expect(NumberFormat.fixed(-0.004, decimals: 2) == "0.00")
        #expect(NumberFormat.fixed(-0.005, decimals: 2) == "-0.01")
        #expect(NumberFormat.fixed(999_999.995, decimals: 2) == "1,000,000.00")
        #expect(NumberFormat.fixed(1, decimals: 40) == "∞")
        #expect(NumberFormat.fixed(-1, decimals: 40) == "-∞")
        #expect(NumberFormat.signed(0.001, decimals: 2) == "0.00")
        #expect(NumberFormat.signed(1_234.5, decimals: 1) == "+1,234.5")
    }

    /// `value` as `printf`'s `%.Nf` writes it, with a comma every three digits of the whole part
    /// and no sign on a value that rounds to zero.
    private static func reference(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", abs(value))
        let point = text.firstIndex(of: ".") ?? text.endIndex
        var index = point
        while text.distance(from: text.startIndex, to: index) > 3 {
            index = text.index(index, offsetBy: -3)
            text.insert(",", at: index)
        }
        let isZero = text.allSatisfy { $0 == "0" || $0 == "." || $0 == "," }
        return value < 0 && !isZero ? "-" + text : text
    }

    @Test func tickSizesFollowUpbitsTable() {
        #expect(KRWTickSize.tick(for: 2_000_000) == 1000)
        #expect(KRWTickSize.tick(for: 1_999_999) == 500)
        #expect(KRWTickSize.tick(for: 150_000) == 50)
        #expect(KRWTickSize.tick(for: 20_000) == 10)
        #expect(KRWTickSize.tick(for: 999) == 0.1)
        #expect(KRWTickSize.snap(20_007) == 20_010)
        #expect(KRWTickSize.snap(103_458_321) == 103_458_000)
        #expect(KRWTickSize.snap(0.30000000000000004) == 0.3)
    }

    @Test func changeAmountsCarryASignAndThePricesDecimals() {
        #expect(NumberFormat.changePrice(1_041_000, price: 103_458_000) == "+1,041,000")
        #expect(NumberFormat.changePrice(-11.5, price: 86.5) == "-11.50")
        #expect(NumberFormat.changePrice(0, price: 1_450) == "0")
    }

    @Test func changeRatesAreTwoDecimalPercents() {
        #expect(NumberFormat.changeRate(0.0101643282) == "+1.02%")
        #expect(NumberFormat.changeRate(-0.1179487179) == "-11.79%")
        #expect(NumberFormat.changeRate(0) == "0.00%")
        #expect(NumberFormat.changeRate(-0.00001) == "0.00%")
    }

    @Test func tradeValueIsShownInMillions() {
        #expect(NumberFormat.tradeValueInMillions(162_997_300_132.123) == "162,997백만")
        #expect(NumberFormat.tradeValueInMillions(400_000) == "0백만")
    }

    @Test func nonFiniteNumbersDoNotCrash() {
        #expect(NumberFormat.price(.nan) == "—")
        #expect(NumberFormat.fixed(.infinity, decimals: 0) == "—")
        #expect(NumberFormat.fixed(1e30, decimals: 2) == "∞")
    }

    @Test func otherQuotesUseTheirOwnDecimals() {
        #expect(NumberFormat.price(0.0012345, quote: "BTC") == "0.00123450")
        #expect(NumberFormat.price(65_000.5, quote: "USDT") == "65,000.50")
    }
}

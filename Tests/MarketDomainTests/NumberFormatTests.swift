import MarketDomain
import Testing

@Suite struct NumberFormatTests {
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

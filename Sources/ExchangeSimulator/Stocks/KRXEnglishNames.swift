import MarketDomain

/// The English names the simulated KIS and Yahoo give KRX stocks, which the shipped list names in
/// Korean only: the companies' own English names for the largest, and for the rest the Korean
/// name in Revised Romanization (Latin parts kept), which is what a source without a registered
/// English name shows. Simulator data only: the client learns names from the sources.
enum KRXEnglishNames {
    /// The English name of a KRX stock.
    static func name(of stock: Stock) -> String {
        known[stock.code] ?? romanized(stock.koreanName)
    }

    /// Registered English names of large KRX companies, by code.
    static let known: [String: String] = [
        "005930": "Samsung Electronics", "000660": "SK hynix", "005380": "Hyundai Motor",
        "373220": "LG Energy Solution", "402340": "SK Square", "207940": "Samsung Biologics",
        "034020": "Doosan Enerbility", "012450": "Hanwha Aerospace", "000270": "Kia",
        "329180": "HD Hyundai Heavy Industries", "105560": "KB Financial Group", "028260": "Samsung C&T",
        "068270": "Celltrion", "055550": "Shinhan Financial Group", "032830": "Samsung Life Insurance",
        "042660": "Hanwha Ocean", "006800": "Mirae Asset Securities", "012330": "Hyundai Mobis",
        "035420": "NAVER", "009150": "Samsung Electro-Mechanics", "267260": "HD Hyundai Electric",
        "010130": "Korea Zinc", "006400": "Samsung SDI", "015760": "Korea Electric Power",
        "086790": "Hana Financial Group", "042700": "Hanmi Semiconductor", "009540": "HD Korea Shipbuilding",
        "005490": "POSCO Holdings", "010120": "LS ELECTRIC", "034730": "SK", "272210": "Hanwha Systems",
        "298040": "Hyosung Heavy Industries", "010140": "Samsung Heavy Industries",
        "316140": "Woori Financial Group", "035720": "Kakao", "051910": "LG Chem",
        "000810": "Samsung Fire & Marine Insurance", "267250": "HD Hyundai", "011200": "HMM",
        "064350": "Hyundai Rotem",
    ]

    /// A Korean name in Revised Romanization, each Hangul run capitalised: `삼성전자` → `Samseongjeonja`.
    static func romanized(_ korean: String) -> String {
        var result = ""
        var startsRun = true
        for scalar in korean.unicodeScalars {
            let value = scalar.value
            guard (0xAC00...0xD7A3).contains(value) else {
                result.unicodeScalars.append(scalar)
                startsRun = true
                continue
            }
            let index = Int(value - 0xAC00)
            let syllable = initials[index / 588] + medials[(index % 588) / 28] + finals[index % 28]
            result += startsRun ? syllable.prefix(1).uppercased() + syllable.dropFirst() : syllable
            startsRun = false
        }
        return result
    }

    private static let initials = [
        "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h",
    ]
    private static let medials = [
        "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu",
        "eu", "ui", "i",
    ]
    private static let finals = [
        "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng",
        "t", "t", "k", "t", "p", "t",
    ]
}

/// One row of `inquire-daily-price` (`output`) and of `inquire-daily-itemchartprice` (`output2`):
/// newest first, every value a string (§5.2, §5.5).
public struct KISDailyRow: Codable, Sendable, Equatable {
    /// `yyyyMMdd`.
    public var stckBsopDate: String
    public var stckOprc: WireDecimal
    public var stckHgpr: WireDecimal
    public var stckLwpr: WireDecimal
    public var stckClpr: WireDecimal
    public var acmlVol: WireDecimal
    public var prdyVrss: WireDecimal
    public var prdyVrssSign: String
    /// Value traded (itemchartprice only).
    public var acmlTrPbmn: WireDecimal?
    /// Change rate in percent (daily-price only).
    public var prdyCtrt: WireDecimal?
    public var flngClsCode: String?

    /// Makes a row.
    public init(
        stckBsopDate: String, stckOprc: WireDecimal, stckHgpr: WireDecimal, stckLwpr: WireDecimal,
        stckClpr: WireDecimal, acmlVol: WireDecimal, prdyVrss: WireDecimal, prdyVrssSign: String,
        acmlTrPbmn: WireDecimal?, prdyCtrt: WireDecimal?, flngClsCode: String? = "00"
    ) {
        self.stckBsopDate = stckBsopDate
        self.stckOprc = stckOprc
        self.stckHgpr = stckHgpr
        self.stckLwpr = stckLwpr
        self.stckClpr = stckClpr
        self.acmlVol = acmlVol
        self.prdyVrss = prdyVrss
        self.prdyVrssSign = prdyVrssSign
        self.acmlTrPbmn = acmlTrPbmn
        self.prdyCtrt = prdyCtrt
        self.flngClsCode = flngClsCode
    }

    enum CodingKeys: String, CodingKey {
        case stckBsopDate = "stck_bsop_date"
        case stckOprc = "stck_oprc"
        case stckHgpr = "stck_hgpr"
        case stckLwpr = "stck_lwpr"
        case stckClpr = "stck_clpr"
        case acmlVol = "acml_vol"
        case prdyVrss = "prdy_vrss"
        case prdyVrssSign = "prdy_vrss_sign"
        case acmlTrPbmn = "acml_tr_pbmn"
        case prdyCtrt = "prdy_ctrt"
        case flngClsCode = "flng_cls_code"
    }
}

/// The reply of `inquire-daily-price`: `output` is the rows.
public struct KISDailyPriceResponse: Codable, Sendable, Equatable {
    public var output: [KISDailyRow]
    public var status: KISStatus

    /// Makes a reply.
    public init(output: [KISDailyRow], status: KISStatus = .ok) {
        self.output = output
        self.status = status
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        output = try container.decodeIfPresent([KISDailyRow].self, forKey: AnyCodingKey("output")) ?? []
        status = try KISStatus(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(output, forKey: AnyCodingKey("output"))
        try status.encode(to: encoder)
    }
}

/// `inquire-daily-itemchartprice`'s `output1`: the summary, with the Korean name.
public struct KISChartSummary: Codable, Sendable, Equatable {
    /// The Korean name.
    public var htsKorIsnm: String
    public var stckShrnIscd: String
    /// `"0"` means no such stock.
    public var stckPrpr: WireDecimal
    public var stckPrdyClpr: WireDecimal

    /// Makes a summary.
    public init(htsKorIsnm: String, stckShrnIscd: String, stckPrpr: WireDecimal, stckPrdyClpr: WireDecimal) {
        self.htsKorIsnm = htsKorIsnm
        self.stckShrnIscd = stckShrnIscd
        self.stckPrpr = stckPrpr
        self.stckPrdyClpr = stckPrdyClpr
    }

    enum CodingKeys: String, CodingKey {
        case htsKorIsnm = "hts_kor_isnm"
        case stckShrnIscd = "stck_shrn_iscd"
        case stckPrpr = "stck_prpr"
        case stckPrdyClpr = "stck_prdy_clpr"
    }
}

/// The reply of `inquire-daily-itemchartprice`: at most 100 rows, newest first.
public struct KISChartPriceResponse: Codable, Sendable, Equatable {
    public var output1: KISChartSummary?
    public var output2: [KISDailyRow]
    public var status: KISStatus

    /// Makes a reply.
    public init(output1: KISChartSummary?, output2: [KISDailyRow], status: KISStatus = .ok) {
        self.output1 = output1
        self.output2 = output2
        self.status = status
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        output1 = try container.decodeIfPresent(KISChartSummary.self, forKey: AnyCodingKey("output1"))
        output2 = try container.decodeIfPresent([KISDailyRow].self, forKey: AnyCodingKey("output2")) ?? []
        status = try KISStatus(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        if let output1 { try container.encode(output1, forKey: AnyCodingKey("output1")) }
        try container.encode(output2, forKey: AnyCodingKey("output2"))
        try status.encode(to: encoder)
    }
}

/// The envelope of every KIS quotation answer: `rt_cd` (`"0"` on success), `msg_cd`, `msg1`, and
/// the payload under `output` (or `output1`/`output2`), every value a string (§5.2, §5.5).
public struct KISStatus: Codable, Sendable, Equatable {
    /// `"0"` on success.
    public var rtCd: String
    public var msgCd: String
    public var msg1: String

    /// Makes a status.
    public init(rtCd: String, msgCd: String, msg1: String) {
        self.rtCd = rtCd
        self.msgCd = msgCd
        self.msg1 = msg1
    }

    /// Success.
    public static let ok = KISStatus(rtCd: "0", msgCd: "MCA00000", msg1: "정상처리 되었습니다.")
    /// Over the per-second limit (sent with HTTP 500).
    public static let rateLimited = KISStatus(rtCd: "1", msgCd: "EGW00201", msg1: "초당 거래건수를 초과하였습니다.")
    /// The token expired (HTTP 500).
    public static let tokenExpired = KISStatus(rtCd: "1", msgCd: "EGW00123", msg1: "기간이 만료된 token 입니다.")
    /// The token is not valid (HTTP 500).
    public static let tokenInvalid = KISStatus(rtCd: "1", msgCd: "EGW00121", msg1: "유효하지 않은 token 입니다.")
    /// No data (search-info).
    public static let noData = KISStatus(rtCd: "7", msgCd: "KIOK0560", msg1: "조회할 내용이 없습니다")

    enum CodingKeys: String, CodingKey {
        case rtCd = "rt_cd"
        case msgCd = "msg_cd"
        case msg1
    }
}

/// `inquire-price`'s `output` (§5.5), the fields Sise reads; every value a string.
public struct KISPriceOutput: Codable, Sendable, Equatable {
    public var stckShrnIscd: String
    public var stckPrpr: WireDecimal
    public var prdyVrss: WireDecimal
    /// `1` upper limit, `2` rise, `3` flat, `4` lower limit, `5` fall.
    public var prdyVrssSign: String
    public var prdyCtrt: WireDecimal
    public var acmlVol: WireDecimal
    public var acmlTrPbmn: WireDecimal
    public var stckOprc: WireDecimal
    public var stckHgpr: WireDecimal
    public var stckLwpr: WireDecimal
    public var stckMxpr: WireDecimal
    public var stckLlam: WireDecimal
    /// The base price: the previous close.
    public var stckSdpr: WireDecimal
    public var asprUnit: WireDecimal
    public var w52Hgpr: WireDecimal
    public var w52HgprDate: String
    public var w52Lwpr: WireDecimal
    public var w52LwprDate: String
    /// The sector (not the name), e.g. `전기.전자`.
    public var bstpKorIsnm: String
    public var rprsMrktKorName: String

    /// Makes an output.
    public init(
        stckShrnIscd: String, stckPrpr: WireDecimal, prdyVrss: WireDecimal, prdyVrssSign: String,
        prdyCtrt: WireDecimal, acmlVol: WireDecimal, acmlTrPbmn: WireDecimal, stckOprc: WireDecimal,
        stckHgpr: WireDecimal, stckLwpr: WireDecimal, stckMxpr: WireDecimal, stckLlam: WireDecimal,
        stckSdpr: WireDecimal, asprUnit: WireDecimal, w52Hgpr: WireDecimal, w52HgprDate: String,
        w52Lwpr: WireDecimal, w52LwprDate: String, bstpKorIsnm: String, rprsMrktKorName: String
    ) {
        self.stckShrnIscd = stckShrnIscd
        self.stckPrpr = stckPrpr
        self.prdyVrss = prdyVrss
        self.prdyVrssSign = prdyVrssSign
        self.prdyCtrt = prdyCtrt
        self.acmlVol = acmlVol
        self.acmlTrPbmn = acmlTrPbmn
        self.stckOprc = stckOprc
        self.stckHgpr = stckHgpr
        self.stckLwpr = stckLwpr
        self.stckMxpr = stckMxpr
        self.stckLlam = stckLlam
        self.stckSdpr = stckSdpr
        self.asprUnit = asprUnit
        self.w52Hgpr = w52Hgpr
        self.w52HgprDate = w52HgprDate
        self.w52Lwpr = w52Lwpr
        self.w52LwprDate = w52LwprDate
        self.bstpKorIsnm = bstpKorIsnm
        self.rprsMrktKorName = rprsMrktKorName
    }

    enum CodingKeys: String, CodingKey {
        case stckShrnIscd = "stck_shrn_iscd"
        case stckPrpr = "stck_prpr"
        case prdyVrss = "prdy_vrss"
        case prdyVrssSign = "prdy_vrss_sign"
        case prdyCtrt = "prdy_ctrt"
        case acmlVol = "acml_vol"
        case acmlTrPbmn = "acml_tr_pbmn"
        case stckOprc = "stck_oprc"
        case stckHgpr = "stck_hgpr"
        case stckLwpr = "stck_lwpr"
        case stckMxpr = "stck_mxpr"
        case stckLlam = "stck_llam"
        case stckSdpr = "stck_sdpr"
        case asprUnit = "aspr_unit"
        case w52Hgpr = "w52_hgpr"
        case w52HgprDate = "w52_hgpr_date"
        case w52Lwpr = "w52_lwpr"
        case w52LwprDate = "w52_lwpr_date"
        case bstpKorIsnm = "bstp_kor_isnm"
        case rprsMrktKorName = "rprs_mrkt_kor_name"
    }
}

/// The reply of `inquire-price`.
public struct KISPriceResponse: Codable, Sendable, Equatable {
    public var output: KISPriceOutput?
    public var status: KISStatus

    /// Makes a reply.
    public init(output: KISPriceOutput?, status: KISStatus = .ok) {
        self.output = output
        self.status = status
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        output = try container.decodeIfPresent(KISPriceOutput.self, forKey: AnyCodingKey("output"))
        status = try KISStatus(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        if let output { try container.encode(output, forKey: AnyCodingKey("output")) }
        try status.encode(to: encoder)
    }
}

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

/// The reply of `search-info` (상품기본조회, §5.5): the product's names, or status `7` for none.
public struct KISSearchInfoReply: Decodable, Sendable, Equatable {
    public var output: KISSearchInfoOutput?
    public var status: KISStatus

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        output = try? container.decodeIfPresent(KISSearchInfoOutput.self, forKey: AnyCodingKey("output"))
        status = try KISStatus(from: decoder)
    }
}

/// `search-info`'s `output` (§5.5).
public struct KISSearchInfoOutput: Codable, Sendable, Equatable {
    public var shtnPdno: String
    public var stdPdno: String
    /// The short Korean name.
    public var prdtAbrvName: String
    public var prdtName120: String
    public var prdtEngAbrvName: String
    public var prdtEngName120: String
    public var prdtTypeCd: String

    /// Makes an output.
    public init(
        shtnPdno: String, stdPdno: String, prdtAbrvName: String, prdtName120: String, prdtEngAbrvName: String,
        prdtEngName120: String, prdtTypeCd: String = "300"
    ) {
        self.shtnPdno = shtnPdno
        self.stdPdno = stdPdno
        self.prdtAbrvName = prdtAbrvName
        self.prdtName120 = prdtName120
        self.prdtEngAbrvName = prdtEngAbrvName
        self.prdtEngName120 = prdtEngName120
        self.prdtTypeCd = prdtTypeCd
    }

    enum CodingKeys: String, CodingKey {
        case shtnPdno = "shtn_pdno"
        case stdPdno = "std_pdno"
        case prdtAbrvName = "prdt_abrv_name"
        case prdtName120 = "prdt_name120"
        case prdtEngAbrvName = "prdt_eng_abrv_name"
        case prdtEngName120 = "prdt_eng_name120"
        case prdtTypeCd = "prdt_type_cd"
    }
}

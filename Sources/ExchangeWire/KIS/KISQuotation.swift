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

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

/// The example payloads of exchange-apis.md §5 (KIS), value for value, that the wire types are
/// pinned to.
public enum KISDocPayloads {
    /// §5.1 `POST /oauth2/tokenP`'s answer.
    public static let token = """
        {
          "access_token": "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzUxMiJ9...",
          "access_token_token_expired": "2024-01-02 00:00:00", "token_type": "Bearer", "expires_in": 86400
        }
        """
    /// §5.1 token errors (HTTP 403).
    public static let tokenTooSoon =
        #"{"error_code":"EGW00133","error_description":"접근토큰 발급 잠시 후 다시 시도하세요(1분당 1회)"}"#
    /// §5.2 `inquire-daily-price`'s answer (one row).
    public static let dailyPrice = """
        {
          "output": [
            {
              "stck_bsop_date": "20241002", "stck_oprc": "69950", "stck_hgpr": "70500",
              "stck_lwpr": "69800", "stck_clpr": "70100", "acml_vol": "12560000",
              "prdy_vrss_vol_rate": "125.60", "prdy_vrss": "150", "prdy_vrss_sign": "2",
              "prdy_ctrt": "0.21", "hts_frgn_ehrt": "52.15", "frgn_ntby_qty": "-512300",
              "flng_cls_code": "00", "acml_prtt_rate": "0.00"
            }
          ],
          "rt_cd": "0", "msg_cd": "MCA00000", "msg1": "정상처리 되었습니다."
        }
        """
    /// §5.5 `inquire-price`'s answer (Samsung, cut to the fields listed).
    public static let inquirePrice = """
        {"output": {"stck_shrn_iscd": "005930", "stck_prpr": "75700", "prdy_vrss": "-1600", "prdy_vrss_sign": "5",
         "prdy_ctrt": "-2.07", "acml_vol": "14598755", "acml_tr_pbmn": "1109351578979", "prdy_vrss_vol_rate": "68.90",
         "stck_oprc": "76100", "stck_hgpr": "76600", "stck_lwpr": "75600", "stck_mxpr": "100400", "stck_llam": "54200",
         "stck_sdpr": "77300", "hts_avls": "4519125", "aspr_unit": "100", "temp_stop_yn": "N", "short_over_yn": "N",
         "mrkt_warn_cls_code": "00", "bstp_kor_isnm": "전기.전자", "rprs_mrkt_kor_name": "KOSPI200",
         "w52_hgpr": "86000", "w52_hgpr_date": "20240408", "w52_lwpr": "65800", "w52_lwpr_date": "20230818",
         "per": "35.52", "pbr": "1.46", "eps": "2131.00", "bps": "52002.00", "lstn_stcn": "5969782550", "hts_frgn_ehrt": "55.34"},
         "rt_cd": "0", "msg_cd": "MCA00000", "msg1": "정상처리 되었습니다."}
        """
    /// §5.5 an `inquire-daily-itemchartprice` row (373220, 2026-07-03).
    public static let chartRow = """
        {"stck_bsop_date": "20260703", "stck_clpr": "362500", "stck_oprc": "359500", "stck_hgpr": "363500",
         "stck_lwpr": "342500", "acml_vol": "397490", "acml_tr_pbmn": "141122636250", "flng_cls_code": "00",
         "prtt_rate": "0.00", "mod_yn": "N", "prdy_vrss_sign": "2", "prdy_vrss": "8500", "revl_issu_reas": ""}
        """
    /// §5.4 the rate-limit error.
    public static let rateLimited = #"{"rt_cd":"1","msg_cd":"EGW00201","msg1":"초당 거래건수를 초과하였습니다."}"#

    /// 해외주식 현재체결가 (`HHDFS00000300`, NAS AAPL): the fields of the official sample's column
    /// map (koreainvestment/open-trading-api `examples_llm/overseas_stock/price/chk_price.py`),
    /// every value a string.
    public static let overseasPrice = """
        {"output":{"rsym":"DNASAAPL","zdiv":"4","base":"229.0000","pvol":"41235512","last":"231.7300",
         "sign":"2","diff":"2.7300","rate":"+1.19","tvol":"270776","tamt":"62420044","ordy":"매수가능"},
         "rt_cd":"0","msg_cd":"MCA00000","msg1":"정상처리 되었습니다."}
        """

    /// 해외주식 기간별시세 (`HHDFS76240000`): `output1` and two of the 100 rows of `output2`, newest
    /// first (the fields of `examples_llm/overseas_stock/dailyprice/chk_dailyprice.py`).
    public static let overseasDailyPrice = """
        {"output1":{"rsym":"DNASAAPL","zdiv":"4","nrec":"2"},
         "output2":[{"xymd":"20261124","clos":"231.7300","sign":"2","diff":"2.7300","rate":"+1.19",
         "open":"229.8200","high":"231.7300","low":"229.8200","tvol":"270776","tamt":"62420044",
         "pbid":"231.7200","vbid":"100","pask":"231.7400","vask":"100"},
         {"xymd":"20261123","clos":"229.0000","sign":"5","diff":"1.2100","rate":"-0.53","open":"226.2100",
         "high":"230.9800","low":"224.6600","tvol":"349345","tamt":"79546281","pbid":"228.9900","vbid":"300",
         "pask":"229.0100","vask":"200"}],
         "rt_cd":"0","msg_cd":"MCA00000","msg1":"정상처리 되었습니다."}
        """
}

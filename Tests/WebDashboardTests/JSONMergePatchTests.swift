import Foundation
import Testing

@testable import WebDashboard

/// The merge patch made from two values, skipping what is equal and encoding only what changed,
/// is the one their whole JSON gives: for structs, optionals that come and go, dictionaries,
/// arrays, enums with payloads and values that are not `Equatable`.
@Suite struct JSONMergePatchTests {
    private struct Inner: Codable, Equatable {
        var count: Int
        var note: String?
    }

    private enum Kind: Codable, Equatable {
        case plain
        case sized(Int)
    }

    /// Compared only through its JSON.
    private struct Opaque: Codable {
        var values: [Double]
    }

    private struct Sample: Codable, Equatable {
        var name: String
        var price: Double
        var tags: [String]
        var inner: Inner?
        var readouts: [String: Inner]
        var kind: Kind
        var opaque: Opaque?
        var link: URL?

        static func == (lhs: Sample, rhs: Sample) -> Bool {
            lhs.name == rhs.name && lhs.price == rhs.price && lhs.tags == rhs.tags && lhs.inner == rhs.inner
                && lhs.readouts == rhs.readouts && lhs.kind == rhs.kind && lhs.opaque?.values == rhs.opaque?.values
                && lhs.link == rhs.link
        }
    }

    private static let samples: [Sample] = {
        let base = Sample(
            name: "비트코인", price: 140_000_000, tags: ["KRW"], inner: Inner(count: 1, note: "a"),
            readouts: ["close": Inner(count: 2, note: nil), "open": Inner(count: 3, note: "o")], kind: .plain,
            opaque: Opaque(values: [1, 2.5]), link: URL(string: "https://upbit.com/a"))
        var samples = [base]
        var price = base
        price.price = 140_100_000.5
        samples.append(price)
        var note = base
        note.inner?.note = nil
        samples.append(note)
        var gone = base
        gone.inner = nil
        gone.opaque = nil
        gone.link = nil
        samples.append(gone)
        var readout = base
        readout.readouts["close"]?.count = 5
        readout.readouts["high"] = Inner(count: 9, note: "h")
        readout.readouts["open"] = nil
        samples.append(readout)
        var kind = base
        kind.kind = .sized(3)
        kind.tags = ["KRW", "BTC"]
        samples.append(kind)
        var opaque = base
        opaque.opaque = Opaque(values: [1, 2.5, -0.0])
        opaque.link = URL(string: "https://upbit.com/b")
        samples.append(opaque)
        return samples
    }()

    @Test func thePatchIsTheOneTheWholeJSONGives() {
        for old in Self.samples {
            for new in Self.samples {
                let expected = DashboardScreenPatch.mergePatch(from: JSONValue.of(old), to: JSONValue.of(new))
                #expect(JSONMergePatch.between(old, new) == expected, "\(old) → \(new)")
            }
        }
    }

    @Test func equalValuesGiveNoPatchAndAChangedFieldAloneIsPatched() {
        #expect(JSONMergePatch.between(Self.samples[0], Self.samples[0]) == nil)
        #expect(JSONMergePatch.between(Self.samples[0], Self.samples[1]) == .object(["price": .number(140_100_000.5)]))
        #expect(
            JSONMergePatch.between(Self.samples[0], Self.samples[2]) == .object(["inner": .object(["note": .null])]))
    }

    @Test func fieldsAreThoseOfOneKeyedContainer() {
        #expect(EncodableFields.of(Inner(count: 1, note: nil)).map { $0.map(\.key) } == ["count"])
        #expect(EncodableFields.of(Kind.sized(1)) == nil)
        #expect(EncodableFields.of([1, 2]) == nil)
        #expect(EncodableFields.of("text") == nil)
        #expect(EncodableFields.of(URL(string: "https://upbit.com")!) == nil)
    }
}

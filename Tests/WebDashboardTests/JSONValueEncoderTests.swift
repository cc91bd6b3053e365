import Foundation
import Testing

@testable import WebDashboard

/// ``JSONValueEncoder`` gives what `JSONEncoder`'s text reads back as for values written with
/// containers handed out and filled later (nested containers, a super encoder, a key written twice),
/// and an error names where the value sits.
@Suite struct JSONValueEncoderTests {
    /// Writes its fields through every kind of container, out of order.
    private struct Handwritten: Encodable {
        enum Key: String, CodingKey {
            case name, nested, list, link
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try container.encode("first", forKey: .name)
            try nested.encode(1.5, forKey: .name)
            try list.encode(1)
            var inner = list.nestedContainer(keyedBy: Key.self)
            try list.encode("after")
            try inner.encode(true, forKey: .name)
            try list.encode([2.0, 2.5])
            try container.encode(URL(string: "https://upbit.com/x")!, forKey: .link)
            try container.encode("second", forKey: .name)
            try Inner(note: "above").encode(to: container.superEncoder())
        }
    }

    private struct Inner: Encodable {
        var note: String
    }

    private struct Holder: Encodable {
        var rows: [[String: Double]]
    }

    @Test func containersFilledLaterGiveWhatJSONEncodersTextReadsBackAs() throws {
        let throughText = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(Handwritten()))
        let made = try JSONValueEncoder.encode(Handwritten())
        #expect(made == throughText, "\(made) \(throughText)")
        #expect(
            try JSONValueEncoder.encode(Handwritten()).members["list"]
                == .array([
                    .integer(1), .object(["name": .bool(true)]), .string("after"),
                    .array([.integer(2), .number(2.5)]),
                ]))
    }

    @Test func aNumberThatIsNotFiniteIsAnErrorThatSaysWhere() throws {
        let value = Holder(rows: [["a": 1], ["b": .infinity]])
        do {
            _ = try JSONValueEncoder.encode(value)
            Issue.record("encoded \(value)")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["rows", "b"])
        }
    }
}

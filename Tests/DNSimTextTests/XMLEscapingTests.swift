import DNSimText
import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One escaping rule for XML text and attribute values (JUnit, SVG).
final class XMLEscapingTests: XCTestCase {
    func testEscapes() {
        XCTAssertEqual(XMLEscaping.escaped("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        XCTAssertEqual(XMLEscaping.escaped("l\nt\tc\r"), "l&#10;t&#9;c&#13;")
        XCTAssertEqual(
            XMLEscaping.escaped("\u{0}\u{1}\u{1F}\u{FFFE}\u{FFFF}"), String(repeating: "\u{FFFD}", count: 5),
            "what XML 1.0 cannot hold becomes U+FFFD")
        XCTAssertEqual(XMLEscaping.escaped("é ✓ 🙂 \u{7F}\u{85}"), "é ✓ 🙂 \u{7F}\u{85}")
        XCTAssertEqual(XMLEscaping.escaped("&amp;"), "&amp;amp;", "already escaped text is escaped again")
        XCTAssertEqual(XMLEscaping.attribute("x\"y"), "\"x&quot;y\"")
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var attributes: [String: String] = [:]
        var text = ""
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            if elementName == "e" { attributes = attributeDict }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    /// An attribute and character data read back by an XML parser as written:
    /// line breaks and tabs survive attribute-value normalisation.
    func testReadsBackThroughAnXMLParser() throws {
        let value = "a <b> & \"c\" 'd'\nline\ttab\rcr é 🙂"
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><e v=\(XMLEscaping.attribute(value))>\(XMLEscaping.escaped(value))</e>"
        let parser = XMLParser(data: Data(xml.utf8))
        let reader = Reader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(reader.attributes["v"], value)
        XCTAssertEqual(reader.text, value)
    }
}

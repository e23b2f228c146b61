@testable import AfterflowKit
import Testing

@Suite struct TemporaryFileNameTests {
    @Test(arguments: [
        (".2024-12-10-psilocybin.md.Ab12Cd.tmp", true),
        (".manifest.json.000000.tmp", true),
        (".a.zzzzzz.tmp", true),
        ("..Ab12Cd.tmp", false),            // no name
        (".a.md.Ab12C.tmp", false),         // five characters
        (".a.md.Ab12Cde.tmp", false),       // seven characters
        (".a.b.c.md.Ab12Cd.tmp", true),     // dots in the name
        (".a.md.Ab-2Cd.tmp", false),        // not a letter or digit
        ("a.md.Ab12Cd.tmp", false),         // no leading dot
        (".a.md.Ab12Cd.tmp.bak", false),
        (".a.md.Ab12Cd.TMP", false),
        (".a.md.swp", false),
    ])
    func afterflowsNamesOnly(name: String, matches: Bool) {
        #expect(TemporaryFiles.matches(name) == matches)
    }
}

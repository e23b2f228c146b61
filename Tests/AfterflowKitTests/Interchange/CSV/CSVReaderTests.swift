@testable import AfterflowKit
import Testing

@Suite struct CSVReaderTests {
    func rows(_ text: String) -> [[String]] {
        CSVReader(bytes: Array(text.utf8)).rows.map(\.fields)
    }

    @Test(arguments: [
        ("a,b\n1,2", [["a", "b"], ["1", "2"]]),
        ("a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]),
        ("a,b\r1,2\r", [["a", "b"], ["1", "2"]]),
        ("a,b\n1,2\r\n3,4\r5,6", [["a", "b"], ["1", "2"], ["3", "4"], ["5", "6"]]),
        ("\"a,b\",\"say \"\"hi\"\"\",\"\"", [["a,b", "say \"hi\"", ""]]),
        ("\"one\ntwo\r\nthree\rfour\",x", [["one\ntwo\r\nthree\rfour", "x"]]),
        ("a,,\n,,", [["a", "", ""], ["", "", ""]]),
        ("\"ab\"cd,e", [["abcd", "e"]]),
        ("ab\"cd,e", [["ab\"cd", "e"]]),
        ("a\n\n\nb", [["a"], ["b"]]),
        ("", []),
    ])
    func readsRFC4180AsFoundInTheWild(_ text: String, _ expected: [[String]]) {
        let reader = CSVReader(bytes: Array(text.utf8))
        #expect(reader.failure == nil)
        #expect(reader.rows.map(\.fields) == expected)
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstField() {
        #expect(rows("\u{FEFF}Date,x\n1,2") == [["Date", "x"], ["1", "2"]])
    }

    @Test func rowsAreNumberedLikeTheAppsWithTheHeaderAsRowOne() {
        let reader = CSVReader(bytes: Array("h\n\"multi\nline\"\n\nlast".utf8))
        #expect(reader.rows.map(\.number) == [1, 2, 4])
    }

    @Test func anUnclosedQuoteIsAFailureAtTheRowWhereItOpened() {
        let reader = CSVReader(bytes: Array("h\nok\n\"open,\nmore\n".utf8))
        #expect(reader.rows.map(\.fields) == [["h"], ["ok"]])
        #expect(reader.failure == CSVReader.Failure(row: 3, message: "a quoted field is not closed: a \" is missing before the end of the file"))
    }

    @Test func textThatIsNotUTF8IsRefusedWithItsRow() {
        let bytes = Array("h\nok\n\"a\nb\",caf".utf8) + [0xE9] + Array("\n".utf8)
        let reader = CSVReader(bytes: bytes)
        #expect(reader.rows.isEmpty)
        #expect(reader.failure == CSVReader.Failure(row: 3, message: "the file is not UTF-8 text (byte 0xE9); save it as UTF-8 and import it again"))
    }
}

@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ExportFileNameTests {
    @Test func theNameSaysWhenAndNothingElse() throws {
        let now = Date(timeIntervalSince1970: 1_762_457_040)  // 2025-11-06 19:24 UTC
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(ExportFileName.name(at: now, timeZone: zone, extension: "csv") == "Afterflow-Export-20251106-1124.csv")
        #expect(ExportFileName.name(at: now, timeZone: .gmt, extension: "pdf") == "Afterflow-Export-20251106-1924.pdf")
    }

    @Test func aNameTakenInTheSameMinuteGetsANumber() throws {
        let temp = try TemporaryVault()
        let now = Date(timeIntervalSince1970: 1_762_457_040)
        let first = ExportFileName.freePath(in: temp.root, at: now, timeZone: .gmt, extension: "html")
        #expect(first == temp.root + "/Afterflow-Export-20251106-1924.html")
        try temp.write("Afterflow-Export-20251106-1924.html", "x")
        #expect(ExportFileName.freePath(in: temp.root + "/", at: now, timeZone: .gmt, extension: "html") == temp.root + "/Afterflow-Export-20251106-1924-2.html")
    }
}

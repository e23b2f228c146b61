@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ClientBornTests {
    @Test func aDayAloneIsTheBirthday() {
        #expect(ClientWriter.bornDay(typed: "2017-03-02") == LocalDate(year: 2017, month: 3, day: 2))
    }

    @Test(arguments: ["2017-03-02T10:00", "1850-03-02", "March", "2017-02-30"])
    func anythingButAPlausibleDayIsRefused(_ text: String) {
        #expect(ClientWriter.bornDay(typed: text) == nil)
    }
}

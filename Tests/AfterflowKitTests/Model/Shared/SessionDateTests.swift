@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

@Suite struct SessionDateTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    @Test(arguments: [
        ("2024-12-10T14:30:00-08:00", "2024-12-10T14:30:00-08:00"),
        ("2024-12-10T22:30:00Z", "2024-12-10T22:30:00+00:00"),
        ("2024-12-10T14:30:00.250-0800", "2024-12-10T14:30:00-08:00"),
        ("2024-12-10 14:30", "2024-12-10T14:30:00-08:00"),
        ("2024-07-04 09:05", "2024-07-04T09:05:00-07:00"),
        ("2024-12-10t14:30:05+05:30", "2024-12-10T14:30:05+05:30"),
        ("2024-12-10", "2024-12-10"),
        ("2024-02-29", "2024-02-29"),
    ])
    func acceptedFormsAndTheirCanonicalText(_ input: String, _ canonical: String) throws {
        let date = try #require(LocalDate.parse(input))
        #expect(date.canonical(in: losAngeles) == canonical)
    }

    @Test(arguments: ["2024-13-10", "2023-02-29", "2024-12-10T25:00", "2024-12-10 14", "12/10/2024", "2024-12-10T14:30:00+", "", "2024-12-10X"])
    func rejected(_ input: String) {
        #expect(LocalDate.parse(input) == nil)
    }

    @Test func aDayStaysOnItsDayInEveryTimeZone() throws {
        let day = try #require(LocalDate.parse("2024-12-10"))
        for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC", "Asia/Tokyo"] {
            #expect(day.canonical(in: TimeZone(identifier: zone)!) == "2024-12-10")
            #expect(day.mediumDay == "Dec 10, 2024")
        }
    }

    @Test func localTimesTakeTheOffsetInForceOnThatDay() throws {
        // Daylight saving time in Los Angeles began on 2025-03-09 at 02:00.
        #expect(LocalDate.parse("2025-03-08 19:00")?.canonical(in: losAngeles) == "2025-03-08T19:00:00-08:00")
        #expect(LocalDate.parse("2025-03-09 19:00")?.canonical(in: losAngeles) == "2025-03-09T19:00:00-07:00")
        let instant = try #require(LocalDate.parse("2025-03-09T19:00:00-07:00"))
        #expect(instant.epochSeconds(in: losAngeles) == 1_741_572_000)
    }

    @Test func displayForms() throws {
        let date = try #require(LocalDate.parse("2024-12-10T14:30:00-08:00"))
        #expect(date.mediumDay == "Dec 10, 2024")
        #expect(date.clockTime == "2:30 PM")
        #expect(date.weekday == "Tue")
        #expect(LocalDate.parse("2024-12-10T00:05:00Z")?.clockTime == "12:05 AM")
        #expect(LocalDate.parse("2024-12-10T12:00:00Z")?.clockTime == "12:00 PM")
    }

    @Test func civilDaysRoundTrip() async {
        await propertyCheck(input: Gen.int(in: -800_000...800_000)) { days in
            let civil = LocalDate.civil(fromDays: days)
            #expect(LocalDate.days(year: civil.year, month: civil.month, day: civil.day) == days)
        }
    }

    @Test func instantsRoundTripThroughTheirCanonicalText() async {
        await propertyCheck(input: Gen.int(in: 0...4_000_000_000)) { seconds in
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let written = LocalDate(date, in: losAngeles)
            let text = written.canonical(in: losAngeles)
            let read = LocalDate.parse(text)
            #expect(read?.epochSeconds(in: losAngeles) == seconds)
            #expect(read?.canonical(in: losAngeles) == text)
        }
    }
}

import AfterflowKit
import ArgumentParser

/// `--service`, `--place`, `--participants` and `--provider`: what a trial session records for
/// its claim (`trials start`, `trials end`).
struct BillingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The CPT code billed, from the vault's services: 97153, 92507, …", valueName: "code"))
    var service: String?

    @Option(help: ArgumentHelp("The place of service, code and name: \"11 Office\", \"03 School\", \"12 Home\".", valueName: "place"))
    var place: String?

    @Option(help: ArgumentHelp("Who was there, separated by commas: client,parent.", valueName: "who"))
    var participants: String?

    @Option(help: ArgumentHelp("The rendering clinician's name and credential (default: provider in the vault's settings).", valueName: "name"))
    var provider: String?

    func validate() throws {
        _ = try parsed(services: nil)
    }

    /// The values given; a service not on the vault's list is refused here, before anything is written.
    func billing(services: [ServiceCode]) throws -> SessionBilling {
        try parsed(services: services)
    }

    /// The library's rules for typed billing values (the phone page's are the same).
    private func parsed(services: [ServiceCode]?) throws -> SessionBilling {
        let who = (participants ?? "").split(separator: ",").map(String.init)
        do throws(SessionBilling.InputError) {
            return try SessionBilling.parse(service: service, place: place, participants: who, provider: provider, services: services, prefix: "--")
        } catch {
            throw ValidationError(error.message)
        }
    }
}

import DNSimCLI
import Foundation

Interruption.install()
exit(DNSimCommand.main(Array(CommandLine.arguments.dropFirst()), console: .standard(environment: ProcessInfo.processInfo.environment)))

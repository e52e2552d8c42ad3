package org.maestro.cli;

import org.maestro.common.cli.MaestroCommand;
import org.maestro.common.peer.Role;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maestro-cli worker}: runs a sender or receiver peer until it is halted. */
@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        header = "Run a sender or receiver peer connected to a control broker.",
        description =
                "Serves tests until a HALT note or SIGTERM. Exit code 3 when the control broker cannot be reached.")
public final class WorkerCommand extends MaestroCommand {
    /** The load roles a worker can play. */
    enum LoadRole {
        sender,
        receiver
    }

    @Mixin
    ControlBrokerOption broker;

    @Mixin
    PeerOptions peer;

    @Option(names = "--role", required = true, paramLabel = "ROLE", description = "sender or receiver")
    LoadRole role;

    @Override
    public Integer call() throws Exception {
        Role instance = role == LoadRole.sender
                ? SenderRole.builder().build()
                : ReceiverRole.builder().build();
        return PeerRunner.run(peer.config(broker, role.name()), instance);
    }
}

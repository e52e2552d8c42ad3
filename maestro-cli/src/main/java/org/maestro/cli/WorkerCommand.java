package org.maestro.cli;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.protocol.Role;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code maestro-cli worker}: runs a sender or receiver peer until it is halted. */
@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        header = "Run a sender or receiver peer connected to a control broker.",
        description =
                "Serves tests until a HALT note or SIGTERM. Exit code 3 when the control broker cannot be reached.")
public final class WorkerCommand extends MaestroCommand {
    /** The roles a worker can play, as {@code --role} takes them. */
    static final class LoadRoles implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(Role.SENDER.label(), Role.RECEIVER.label()).iterator();
        }
    }

    /** Reads {@code --role}: a load role's label, exactly. */
    static final class LoadRoleConverter implements ITypeConverter<Role> {
        @Override
        public Role convert(String value) {
            for (Role role : List.of(Role.SENDER, Role.RECEIVER)) {
                if (role.is(value)) {
                    return role;
                }
            }
            throw new TypeConversionException(
                    "expected one of [sender, receiver] (case-sensitive) but was '" + value + "'");
        }
    }

    @Mixin
    ControlBrokerOption broker;

    @Mixin
    PeerOptions peer;

    @Option(
            names = "--role",
            required = true,
            paramLabel = "ROLE",
            description = "sender or receiver",
            converter = LoadRoleConverter.class,
            completionCandidates = LoadRoles.class)
    Role role;

    @Option(
            names = "--payload-dir",
            paramLabel = "DIR",
            defaultValue = "${env:MAESTRO_PAYLOAD_DIR}",
            description = "The only directory a sender reads PAYLOAD_FILES from: a test names plain files in it"
                    + " (default: none, and a test with PAYLOAD_FILES is refused; env MAESTRO_PAYLOAD_DIR).")
    Path payloadDirectory;

    @Override
    public Integer call() throws Exception {
        RoleBehaviour instance = role == Role.SENDER
                ? SenderRole.builder().payloadDirectory(payloadDirectory).build()
                : ReceiverRole.builder().build();
        return PeerRunner.run(peer.config(broker, role), instance);
    }
}

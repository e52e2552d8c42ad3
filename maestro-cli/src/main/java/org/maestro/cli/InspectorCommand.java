package org.maestro.cli;

import org.maestro.common.cli.MaestroCommand;
import org.maestro.common.protocol.Role;
import org.maestro.inspector.role.InspectorRole;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code maestro-cli inspector}: runs an inspector peer (next to the SUT) until it is halted. */
@Command(
        name = "inspector",
        mixinStandardHelpOptions = true,
        header = "Run an inspector peer that polls the SUT's management interface during tests.",
        description = {
            "Which SUT and how (artemis via Jolokia, dispatch via AMQP management, rabbitmq via its"
                    + " management HTTP API, nats via its monitoring port, mosquitto via $SYS topics) comes from the test:"
                    + " INSPECTOR_NAME and MANAGEMENT_INTERFACE. Exit code 3 when the control broker cannot be reached."
        })
public final class InspectorCommand extends MaestroCommand {
    @Mixin
    ControlBrokerOption broker;

    @Mixin
    PeerOptions peer;

    @Override
    public Integer call() throws Exception {
        return PeerRunner.run(peer.config(broker, Role.INSPECTOR), new InspectorRole());
    }
}

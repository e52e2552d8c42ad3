package org.maestro.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.actions.ProcessSupervisor;
import org.maestro.agent.embedded.InJvmProcess;
import org.maestro.agent.role.AgentRole;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.inspector.role.InspectorRole;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** Makes the roles of the peers: for {@code maestro-cli worker} and for the embedded cluster. */
final class Roles {
    private Roles() {}

    /** The name of the embedded SUT in the embedded agent's commands: {@code restart sut 5}. */
    static final String EMBEDDED_SUT_PROCESS = "sut";

    /** The peers of the embedded mode; {@code agentProcesses} receives the processes of its agent. */
    static List<EmbeddedCluster.PeerSpec> embeddedPeers(Consumer<ProcessSupervisor> agentProcesses) {
        return embeddedPeers(agentProcesses, null);
    }

    /**
     * The peers of the embedded mode, whose sender reads PAYLOAD_FILES from {@code payloadDirectory} (none when null);
     * {@code agentProcesses} receives the processes of its agent.
     */
    static List<EmbeddedCluster.PeerSpec> embeddedPeers(
            Consumer<ProcessSupervisor> agentProcesses, Path payloadDirectory) {
        return List.of(
                new EmbeddedCluster.PeerSpec(
                        "sender-1",
                        () -> SenderRole.builder()
                                .payloadDirectory(payloadDirectory)
                                .build()),
                new EmbeddedCluster.PeerSpec(
                        "receiver-1", () -> ReceiverRole.builder().build()),
                new EmbeddedCluster.PeerSpec("inspector-1", () -> new InspectorRole()),
                new EmbeddedCluster.PeerSpec("agent-1", host -> {
                    AgentRole agent = embeddedAgent(host);
                    agentProcesses.accept(agent.processes());
                    return agent;
                }));
    }

    /**
     * The agent of the embedded mode: its ready actions {@code stop}, {@code start} and {@code restart} act on the
     * embedded SUT broker (process {@value #EMBEDDED_SUT_PROCESS}), which stops and starts again on its port; it
     * takes no agent source.
     */
    static AgentRole embeddedAgent(EmbeddedCluster.PeerHost host) {
        AgentRole agent =
                new AgentRole(AgentConfig.builder(host.workDirectory()).build());
        agent.processes()
                .add(new InJvmProcess(
                        EMBEDDED_SUT_PROCESS, "the embedded Artemis SUT", host.sut()::startAgain, host.sut()::stop));
        return agent;
    }

    /**
     * An agent of its own beside one router a script started ({@code router2-agent}): no SUT process and no source;
     * the router is offered to it when its topology starts.
     */
    static AgentRole routerAgent(EmbeddedCluster.PeerHost host) {
        return new AgentRole(AgentConfig.builder(host.workDirectory()).build());
    }
}

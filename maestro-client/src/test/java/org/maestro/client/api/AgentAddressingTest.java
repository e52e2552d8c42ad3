package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.time.ManualClock;

/** Agent actions addressed by name, name@host or host: only the agents named get them, and a wrong address is named. */
class AgentAddressingTest {
    private static final PeerInfo SENDER = new PeerInfo("s1", "sender-1", "alpha", "sender");
    private static final PeerInfo RECEIVER = new PeerInfo("r1", "receiver-1", "beta", "receiver");
    private static final PeerInfo ROUTER1 = new PeerInfo("a1", "agent-1", "router1-host", "agent");
    private static final PeerInfo ROUTER2 = new PeerInfo("a2", "agent-2", "router2-host", "agent");

    private final ManualClock clock = new ManualClock();
    private final Timeline timeline = new Timeline(clock);
    private final FakeTestPeers peers = new FakeTestPeers(clock, SENDER, RECEIVER, ROUTER1, ROUTER2);
    private final List<String> notes = new ArrayList<>();
    private final TestState state = new TestState(new NoteTaker(notes), () -> Instant.parse("2026-01-02T12:00:03Z"));

    private TestDefinition.AgentAction action(int seconds, String agent, String command) {
        TestDefinition definition = new TestDefinition();
        if (agent == null) {
            definition.agent(Map.of("at", seconds + "s"), command);
        } else {
            definition.agent(Map.of("at", seconds + "s"), agent, command);
        }
        return definition.actions().get(0);
    }

    @Test
    void anAddressedActionGoesOnlyToTheAgentsItNamesAndAnUnaddressedOneToAll() {
        for (PeerInfo peer : List.of(SENDER, RECEIVER, ROUTER1, ROUTER2)) {
            state.add(peer);
            state.started(peer.id());
        }
        peers.onNotification(state::onNotification);
        timeline.at(
                Duration.ofSeconds(6),
                () -> peers.notify(SENDER.id(), Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of())));
        Watchdog watchdog = new Watchdog(
                peers,
                state,
                new NoteTaker(notes),
                (elapsed, planned) ->
                        StatisticsPoll.Result.of(new Progress.Snapshot("t", elapsed, planned, 1, 1, 1, 1, 0)),
                WatchLimits.DEFAULTS,
                clock,
                timeline);

        watchdog.watch(
                0,
                Duration.ofSeconds(5),
                Duration.ZERO,
                List.of(
                        action(1, "router2-host", "restart router2"),
                        action(2, "agent-1@router1-host", "drop 1s --port 5672"),
                        action(3, null, "hello")));

        List<String> sent = peers.requests("action").stream()
                .map(r -> r.at().toSeconds() + " s, to " + r.to() + ": " + r.what())
                .toList();
        assertEquals(
                List.of(
                        "1 s, to agent [a2]: action restart router2",
                        "2 s, to agent [a1]: action drop 1s --port 5672",
                        "3 s, to agent: action hello"),
                sent,
                "each addressed action only to its agent's id, the other to every agent");
        assertEquals(
                List.of(
                        "agent action 'restart router2' on router2-host at 1 s",
                        "agent action 'drop 1s --port 5672' on agent-1@router1-host at 2 s",
                        "agent action 'hello' at 3 s"),
                notes);
        assertEquals(List.of(), state.failures());
    }

    @Test
    void anActionAddressedToNoAgentThatAnsweredIsAnInfrastructureErrorListingThoseThatDid() {
        MaestroException missing = assertThrows(
                MaestroException.class,
                () -> AgentAddressing.checkAnswered(
                        List.of(action(1, "router2-host", "restart"), action(2, "router9-host", "restart router9")),
                        List.of(SENDER, ROUTER2, ROUTER1),
                        "mqtt://127.0.0.1:1883"));

        assertEquals(3, missing.exitCode().code());
        assertEquals(
                "agent action 'restart router9' is addressed to 'router9-host', but no agent that answered on"
                        + " mqtt://127.0.0.1:1883 has that name, name@host or host; the agents that answered:"
                        + " agent-1@router1-host, agent-2@router2-host (start an agent with --name router9-host, or"
                        + " address one of these)",
                missing.getMessage());
    }

    @Test
    void aSelectorOfAWrongFormIsAUsageErrorWithAValidExample() {
        MaestroException wrong = assertThrows(
                MaestroException.class, () -> AgentAddressing.checkForm(List.of(action(1, "router 2", "restart"))));

        assertEquals(2, wrong.exitCode().code());
        assertEquals(
                "agent action 'restart' is addressed to 'router 2' is not a peer name or host: write a peer's --name"
                        + " (e.g. sender-1), name@host (e.g. sender-1@lab-3) or a host (e.g. lab-3)",
                wrong.getMessage());
    }

    @Test
    void targetsLeaveOutAgentsThatDied() {
        TestDefinition.AgentAction toRouter2 = action(1, "router2-host", "restart");
        assertEquals(Set.of("a2"), AgentAddressing.targets(toRouter2, List.of(ROUTER1, ROUTER2), Set.of("a1", "a2")));
        assertEquals(Set.of(), AgentAddressing.targets(toRouter2, List.of(ROUTER1, ROUTER2), Set.of("a1")));
    }
}

package org.maestro.agent.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.TestPeerContext;
import org.maestro.agent.TestPeerContext.Notification;
import org.maestro.agent.role.AgentRole;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.embedded.EmbeddedArtemis;

/** The ready process actions on a broker running in this JVM, as in the embedded mode. */
class InJvmProcessTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private EmbeddedArtemis broker;
    private AgentRole agent;

    @AfterEach
    void cleanUp() throws Exception {
        if (agent != null) {
            agent.halt();
        }
        if (broker != null) {
            broker.close();
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void restartStopsTheInJvmBrokerForTheGivenTimeAndStartsItAgainOnItsPort() throws Exception {
        broker =
                EmbeddedArtemis.builder().amqp().name("in-jvm-sut").withoutJmx().start();
        int port = broker.amqpPort();
        List<Boolean> acceptingWhileDown = new CopyOnWriteArrayList<>();
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work")).build());
        agent.processes().add(new InJvmProcess("sut", "the test broker", broker::restart, () -> {
            broker.stop();
            acceptingWhileDown.add(accepts(port));
        }));
        TestPeerContext peer = new TestPeerContext(temp.resolve("results"));
        agent.handle(Note.request(Command.START_AGENT), peer);

        agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text("restart 2")), peer);
        Notification done = peer.next(Command.NOTIFY_SUCCESS, WAIT);

        assertEquals(List.of(false), acceptingWhileDown, "the port was closed once stopped");
        assertTrue(accepts(port), "the broker listens again on port " + port);
        assertTrue(agent.processes().get("sut").orElseThrow().running());
        assertTrue(
                done.details().get("result").startsWith("sut was down for "),
                done.details().get("result"));
        List<String> csv = Files.readAllLines(peer.resultDirectory().resolve("agent-actions.csv"));
        String[] row = csv.get(2).split(",");
        assertEquals("restart 2", row[1]);
        assertTrue(Long.parseLong(row[3]) - Long.parseLong(row[2]) >= 2000, csv.get(2));
        assertEquals("success", row[4]);
    }

    @Test
    void aStoppedPartIsStartedAgainWhenTheAgentStops() throws Exception {
        List<String> calls = new CopyOnWriteArrayList<>();
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work")).build());
        agent.processes().add(new InJvmProcess("part", "a part", () -> calls.add("start"), () -> calls.add("stop")));
        TestPeerContext peer = new TestPeerContext(temp.resolve("results"));
        agent.handle(Note.request(Command.START_AGENT), peer);

        agent.handle(Note.request(Command.USER_COMMAND_1, new Payload.Text("stop part")), peer);
        peer.next(Command.NOTIFY_SUCCESS, WAIT);
        assertFalse(agent.processes().get("part").orElseThrow().running());
        agent.handle(Note.request(Command.STOP_AGENT), peer);

        assertEquals(List.of("stop", "start"), calls);
        assertTrue(agent.processes().get("part").orElseThrow().running());
    }

    @Test
    void aSecondProcessOfTheSameNameIsRefused() {
        agent = new AgentRole(AgentConfig.builder(temp.resolve("work")).build());
        agent.processes().add(new InJvmProcess("sut", "one", () -> {}, () -> {}));

        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> agent.processes().add(new InJvmProcess("sut", "two", () -> {}, () -> {})));
        assertTrue(refused.getMessage().contains("two processes are named sut"), refused.getMessage());
    }
}

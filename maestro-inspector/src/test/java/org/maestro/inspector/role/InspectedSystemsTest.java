package org.maestro.inspector.role;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.common.inspection.SystemList;
import org.maestro.common.inspection.SystemToInspect;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.ManualTicker;
import org.maestro.inspector.artemis.EmbeddedJolokia;
import org.maestro.testing.LocalRabbitMq;

/**
 * One inspector peer given a list of systems: a real Artemis broker (through Jolokia) and the machine's RabbitMQ
 * (through its management API), each polled into its own directory, a third that cannot be reached named in the
 * refusal while the others go on, and lists that are refused before anything starts.
 */
class InspectedSystemsTest {
    private static Broker sut;

    @TempDir
    Path results;

    private String queue;
    private final ManualTicker ticker = new ManualTicker();
    private final InspectorRole role = new InspectorRole(ticker, MicroClock.system());

    /** An Artemis broker and the Jolokia agent that serves its management beans. */
    private record Broker(EmbeddedArtemis artemis, EmbeddedJolokia jolokia) {}

    @BeforeAll
    static void startBroker() throws Exception {
        EmbeddedArtemis artemis =
                EmbeddedArtemis.builder().amqp().name("systems-broker").start();
        sut = new Broker(artemis, EmbeddedJolokia.start("admin", "pa55word"));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        sut.jolokia().close();
        sut.artemis().close();
    }

    @AfterEach
    void cleanUp() throws Exception {
        role.halt();
        if (queue != null) {
            LocalRabbitMq.deleteQueue(queue);
        }
    }

    private static Note start(List<SystemToInspect> systems) {
        return Note.request(Command.START_INSPECTOR, new Payload.Text(SystemList.encode(systems)));
    }

    private RecordingPeerContext peer() {
        return new RecordingPeerContext("inspector-1", "inspector", results)
                .set(OptionCode.TEST_NAME, "systems")
                .set(OptionCode.INSPECTION_INTERVAL, "1s");
    }

    private void awaitPolls(long polls) {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(polls, role.pollerStats().polls()));
    }

    @Test
    void eachSystemIsPolledIntoItsOwnDirectoryAndAnUnreachableOneIsNamedWhileTheOthersGoOn() throws Exception {
        LocalRabbitMq.assumeManagement();
        queue = LocalRabbitMq.uniqueName();
        LocalRabbitMq.declareQueue(queue);
        for (int i = 0; i < 3; i++) {
            LocalRabbitMq.api(
                    "POST",
                    "/exchanges/%2F/amq.default/publish",
                    "{\"properties\":{},\"routing_key\":\"" + queue + "\",\"payload\":\"m" + i
                            + "\",\"payload_encoding\":\"string\"}");
        }
        // the API samples queue figures every few seconds: wait until it shows the three messages
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        LocalRabbitMq.api("GET", "/queues/%2F/" + queue, null).contains("\"messages\":3"));
        int closedPort = FreePorts.next();
        RecordingPeerContext peer = peer();
        List<SystemToInspect> systems = List.of(
                new SystemToInspect("broker", "artemis", sut.jolokia().url() + "?broker=systems-broker"),
                new SystemToInspect("rabbit", "", "rabbitmq+http://guest:guest@127.0.0.1:15672"),
                new SystemToInspect("gone", "dispatch", "amqp://127.0.0.1:" + closedPort));

        RoleException refused = assertThrows(RoleException.class, () -> role.handle(start(systems), peer));

        assertEquals(ErrorCodes.SUT_UNAVAILABLE, refused.code());
        assertTrue(
                refused.getMessage().startsWith("inspected system 'gone' (amqp://127.0.0.1:" + closedPort + "): "),
                refused.getMessage());
        assertTrue(refused.getMessage().endsWith("the others are inspected: broker, rabbit"), refused.getMessage());
        assertTrue(role.busy(), "the systems that started are polled");
        ticker.tick();
        awaitPolls(2);
        ticker.tick();
        awaitPolls(4);
        role.handle(Note.request(Command.STOP_INSPECTOR), peer);
        assertFalse(role.busy());

        RecordingPeerContext.Notification ready = peer.notifications().get(0);
        assertEquals(Command.NOTIFY_READY, ready.command());
        assertEquals("broker,rabbit", ready.details().get("systems"));
        RecordingPeerContext.Notification done = peer.notifications().get(1);
        assertEquals(Command.NOTIFY_SUCCESS, done.command(), done.message());
        assertEquals("2", done.details().get("system.broker.polls"));
        assertEquals("2", done.details().get("system.rabbit.polls"));
        assertEquals("4", done.details().get("polls"));

        Path directory = results.resolve("systems/0/inspector-1@localhost/systems");
        CsvTable queues = CsvTable.read(directory.resolve("rabbit/rabbitmq-queues.csv"));
        assertEquals("3", queues.lastWhere("queue", queue).get("messages"));
        assertEquals(2, queues.timestamps().size());
        CsvTable heap = CsvTable.read(directory.resolve("broker/artemis-jvm-heap.csv"));
        assertEquals(2, heap.timestamps().size());
        assertEquals(
                2,
                CsvTable.read(directory.resolve("broker/inspector-polls.csv"))
                        .rows()
                        .size());
        assertFalse(Files.exists(directory.resolve("gone")), "nothing is written for a system that never started");
        assertFalse(Files.exists(directory.resolve("rabbit/artemis-jvm-heap.csv")));
        Properties broker = properties(directory.resolve("broker/inspector.properties"));
        assertEquals("broker", broker.getProperty("inspector.system"));
        assertEquals("artemis", broker.getProperty("inspector.name"));
        assertEquals("systems-broker", broker.getProperty("sut.name"));
        Properties rabbit = properties(directory.resolve("rabbit/inspector.properties"));
        assertEquals("rabbit", rabbit.getProperty("inspector.system"));
        assertEquals("rabbitmq", rabbit.getProperty("inspector.name"), "the URL chose the inspector");
        assertFalse(Files.readString(directory.resolve("broker/inspector.properties"))
                .contains("pa55word"));
    }

    @Test
    void aListNamingOneSystemTwiceIsRefusedBeforeAnythingStarts() {
        String url = "amqp://127.0.0.1:5672";
        String text = SystemList.HEADER + "\nrouter1\tdispatch\t" + url + "\nrouter1\t\t" + url;

        RoleException refused = assertThrows(
                RoleException.class,
                () -> role.handle(Note.request(Command.START_INSPECTOR, new Payload.Text(text)), peer()));

        assertEquals(ErrorCodes.INVALID_OPTION, refused.code());
        assertEquals("the inspected system name router1 is given twice", refused.getMessage());
        assertFalse(role.busy());
    }

    @Test
    void aListWithABadNameOrTooManySystemsIsRefusedNamingTheRule() {
        String badName = SystemList.HEADER + "\n../etc\tdispatch\tamqp://127.0.0.1:5672";
        RoleException name = assertThrows(
                RoleException.class,
                () -> role.handle(Note.request(Command.START_INSPECTOR, new Payload.Text(badName)), peer()));
        assertEquals(ErrorCodes.INVALID_OPTION, name.code());
        assertTrue(name.getMessage().startsWith("the inspected system name '../etc' is refused"), name.getMessage());
        assertTrue(name.getMessage().contains("(e.g. router1)"), name.getMessage());

        List<SystemToInspect> many = new ArrayList<>();
        for (int i = 0; i <= SystemList.MAX_SYSTEMS; i++) {
            many.add(new SystemToInspect("r" + i, "dispatch", "amqp://127.0.0.1:5672"));
        }
        RoleException tooMany = assertThrows(RoleException.class, () -> role.handle(start(many), peer()));
        assertEquals(ErrorCodes.INVALID_OPTION, tooMany.code());
        assertEquals(
                "the list names 33 inspected systems, more than 32 for one inspector peer: start more inspector peers",
                tooMany.getMessage());

        String blankUrl = SystemList.HEADER + "\nr1\tdispatch\tamqp://127.0.0.1:5672 x";
        RoleException url = assertThrows(
                RoleException.class,
                () -> role.handle(Note.request(Command.START_INSPECTOR, new Payload.Text(blankUrl)), peer()));
        assertTrue(url.getMessage().startsWith("the URL of inspected system r1 is refused"), url.getMessage());
        assertFalse(role.busy());
    }

    private static Properties properties(Path file) throws Exception {
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(file)) {
            properties.load(in);
        }
        return properties;
    }
}

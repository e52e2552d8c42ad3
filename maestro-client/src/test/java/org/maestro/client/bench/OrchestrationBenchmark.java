package org.maestro.client.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.maestro.base.time.MicroClock;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.testing.MosquittoProcess;

/**
 * How fast the control plane drives a fleet: starts N in-process peers with a role that does nothing on one MQTT
 * broker (the embedded Artemis MQTT acceptor, or a Mosquitto process), then measures, as the test runner does it,
 * the time until all of them are discovered (PING), have the options of a test (one SET per option, each awaited
 * from every peer) and are started (START_SENDER), and the round-trip time of a PING answered by all of them.
 *
 * <pre>
 * java -cp … org.maestro.client.bench.OrchestrationBenchmark artemis|mosquitto [peers=50] [pings=100] [setups=20]
 * </pre>
 */
public final class OrchestrationBenchmark {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    /** The options a fixed-rate test sets on every peer, in the order the runner sends them. */
    private static final Map<OptionCode, String> TEST_OPTIONS = new LinkedHashMap<>();

    static {
        TEST_OPTIONS.put(OptionCode.TEST_NAME, "orchestration");
        TEST_OPTIONS.put(OptionCode.TEST_ITERATION, "0");
        TEST_OPTIONS.put(OptionCode.BROKER, "amqp://127.0.0.1:5672/test.queue");
        TEST_OPTIONS.put(OptionCode.MESSAGE_SIZE, "256");
        TEST_OPTIONS.put(OptionCode.PARALLEL_COUNT, "5");
        TEST_OPTIONS.put(OptionCode.RATE, "1000");
        TEST_OPTIONS.put(OptionCode.DURATION, "60s");
        TEST_OPTIONS.put(OptionCode.WARM_UP, "10s");
        TEST_OPTIONS.put(OptionCode.FCL, "500");
    }

    private OrchestrationBenchmark() {}

    /** A sender that sends nothing: answers START_SENDER and STOP_SENDER at once. */
    static final class IdleRole implements RoleBehaviour {
        private final MicroClock clock;

        IdleRole(MicroClock clock) {
            this.clock = clock;
        }

        @Override
        public Role role() {
            return Role.SENDER;
        }

        @Override
        public Set<Command> commands() {
            return EnumSet.of(Command.START_SENDER, Command.STOP_SENDER);
        }

        @Override
        public Payload handle(Note request, PeerContext context) {
            return Payload.Empty.INSTANCE;
        }

        @Override
        public Payload.Stats stats() {
            return new Payload.Stats(role().label(), clock.nowMicros() / 1_000, 0, 0, 0, 0);
        }

        @Override
        public void flush() {}

        @Override
        public boolean busy() {
            return false;
        }

        @Override
        public void halt() {}
    }

    public static void main(String[] args) throws Exception {
        String brokerKind = args.length > 0 ? args[0] : "artemis";
        int peerCount = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        int pings = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int setups = args.length > 3 ? Integer.parseInt(args[3]) : 20;
        if (!brokerKind.equals("artemis") && !brokerKind.equals("mosquitto")) {
            System.err.println("the broker is 'artemis' or 'mosquitto', not '" + brokerKind + "'");
            System.exit(2);
        }
        AutoCloseable broker;
        String url;
        if (brokerKind.equals("artemis")) {
            EmbeddedArtemis artemis = EmbeddedArtemis.builder()
                    .mqtt()
                    .name("bench-control")
                    .withoutJmx()
                    .start();
            broker = artemis;
            url = artemis.mqttUrl();
        } else {
            MosquittoProcess mosquitto = MosquittoProcess.start();
            broker = mosquitto;
            url = mosquitto.url();
        }
        Path results = Files.createTempDirectory("maestro-orchestration-");
        List<Peer> peers = new ArrayList<>();
        ExecutorService starters = Executors.newFixedThreadPool(8);
        try (ControlClient client = ControlClient.connect(MqttEndpoint.parse(url))) {
            System.out.printf(
                    "broker %s (%s), %d peers, %d pings, %d test setups%n", brokerKind, url, peerCount, pings, setups);

            // Cold: from nothing to every peer connected, discovered, set and started.
            long begin = System.nanoTime();
            List<Future<Peer>> starting = new ArrayList<>();
            for (int i = 1; i <= peerCount; i++) {
                String name = "bench-" + i;
                starting.add(starters.submit(() -> Peer.start(
                        new PeerConfig(MqttEndpoint.parse(url), name, "localhost", results, Duration.ofSeconds(30)),
                        new IdleRole(MicroClock.system()))));
            }
            for (Future<Peer> peer : starting) {
                peers.add(peer.get(DEADLINE.toSeconds(), TimeUnit.SECONDS));
            }
            long connected = System.nanoTime();
            Phases cold = setUp(client, peerCount);
            long started = System.nanoTime();
            System.out.printf(
                    "cold: %d peers connected in %.0f ms; then discovered %.1f ms, set %.1f ms, started "
                            + "%.1f ms; all started %.0f ms after the first peer began to connect%n",
                    peerCount, ms(connected - begin), cold.discoverMs, cold.setMs, cold.startMs, ms(started - begin));

            // Warm: the setup of a test on a running fleet, as every test of a script does it.
            double[] discover = new double[setups];
            double[] set = new double[setups];
            double[] start = new double[setups];
            double[] total = new double[setups];
            for (int i = 0; i < setups; i++) {
                Phases phases = setUp(client, peerCount);
                discover[i] = phases.discoverMs;
                set[i] = phases.setMs;
                start[i] = phases.startMs;
                total[i] = phases.discoverMs + phases.setMs + phases.startMs;
            }
            System.out.printf("test setup on a running fleet (%d times), p50 / p99 / max ms:%n", setups);
            print("  discover (PING, all replies)", discover);
            print("  SET (" + TEST_OPTIONS.size() + " options, each awaited)", set);
            print("  START_SENDER", start);
            print("  discover + SET + START", total);

            double[] roundTrips = new double[pings];
            for (int i = 0; i < pings; i++) {
                roundTrips[i] = request(client, Topics.ALL_PEERS, ping(), peerCount);
            }
            System.out.printf(
                    "PING to all %d peers, until the last reply (%d times), p50 / p99 / max ms:%n", peerCount, pings);
            print("  round trip", roundTrips);
        } finally {
            starters.shutdownNow();
            peers.parallelStream().forEach(Peer::close);
            broker.close();
            deleteQuietly(results);
        }
    }

    private record Phases(double discoverMs, double setMs, double startMs) {}

    private static Phases setUp(ControlClient client, int peerCount) throws Exception {
        double discover = request(client, Topics.ALL_PEERS, ping(), peerCount);
        double set = 0;
        for (Map.Entry<OptionCode, String> option : TEST_OPTIONS.entrySet()) {
            set += request(
                    client,
                    Topics.ALL_PEERS,
                    Note.request(
                            Command.SET, new Payload.SetOption(option.getKey().code(), option.getValue())),
                    peerCount);
        }
        double start = request(client, Topics.role(Role.SENDER), Note.request(Command.START_SENDER), peerCount);
        request(client, Topics.role(Role.SENDER), Note.request(Command.STOP_SENDER), peerCount);
        return new Phases(discover, set, start);
    }

    private static Note ping() {
        Instant now = Instant.now();
        return Note.request(Command.PING, new Payload.Ping(now.getEpochSecond(), now.getNano() / 1_000));
    }

    /** Sends a request and waits for every peer's OK; the milliseconds it took. */
    private static double request(ControlClient client, String topic, Note note, int peerCount) throws Exception {
        long begin = System.nanoTime();
        Replies replies =
                client.request(topic, note, peerCount, DEADLINE).get(DEADLINE.toSeconds() + 5, TimeUnit.SECONDS);
        long end = System.nanoTime();
        if (!replies.allOk()) {
            throw new IllegalStateException(
                    note.command() + ": " + replies.notes().size() + " of " + peerCount
                            + " replies within " + DEADLINE.toSeconds() + " s"
                            + (replies.errors().isEmpty() ? "" : ", errors: " + replies.describeErrors()));
        }
        return ms(end - begin);
    }

    private static void print(String label, double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        System.out.printf(
                "%-40s %8.2f %8.2f %8.2f%n",
                label, percentile(sorted, 50), percentile(sorted, 99), sorted[sorted.length - 1]);
    }

    /** Nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, double percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static double ms(long nanos) {
        return nanos / 1_000_000.0;
    }

    private static void deleteQuietly(Path directory) {
        try (var walk = Files.walk(directory)) {
            walk.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("cannot delete " + directory + ": " + e);
        }
    }
}

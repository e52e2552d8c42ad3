package org.maestro.common.peer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.maestro.base.net.UrlRedactor;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.MalformedNoteException;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteCodec;
import org.maestro.common.protocol.NoteHeader;
import org.maestro.common.protocol.NoteType;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.PeerNames;
import org.maestro.common.transport.MqttTransport;
import org.maestro.common.transport.Topics;
import org.maestro.common.transport.TransportException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Maestro peer: connects to the control broker, answers the commands every peer answers (PING, SET, RESET, STATS,
 * GET, FLUSH, HALT, LOG) and hands the commands of its role to a {@link RoleBehaviour}.
 *
 * <p>A peer holds the options SET gave it until RESET (or its end): the client resets them before and after each
 * test, so that every test starts from {@link TestOptions#DEFAULTS} whatever an earlier test or another client set.
 *
 * <p>Requests are handled one at a time on the peer's control thread, in the order they arrive. A note that cannot
 * be decoded is answered with PROTOCOL_ERROR and the peer keeps serving. The peer leaves an ABNORMAL_DISCONNECT last
 * will with the broker, so the client learns of its death within the keep-alive interval.
 *
 * <pre>{@code
 * try (Peer peer = Peer.start(PeerConfig.of(MqttEndpoint.parse(url), "sender-1", resultsRoot), new SenderRole())) {
 *     peer.awaitHalt(Duration.ofHours(24));
 * }
 * }</pre>
 */
public final class Peer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Peer.class);
    /** How long LOG waits for a stopping role to finish writing its files. */
    private static final Duration SHIP_WAIT = Duration.ofSeconds(30);
    /** How many incoming notes wait for the control thread at most; more are dropped (and logged) until it catches up. */
    static final int MAX_QUEUED_NOTES = 1000;

    private final PeerConfig config;
    private final RoleBehaviour behaviour;
    private final PeerInfo self;
    private final ExecutorService control;
    private final CountDownLatch halted = new CountDownLatch(1);
    private final Context context = new Context();
    private final AtomicLong dropped = new AtomicLong();
    private volatile TestOptions options = TestOptions.DEFAULTS;
    private volatile MqttTransport transport;

    private Peer(PeerConfig config, RoleBehaviour behaviour) {
        PeerNames.requireValid("name", config.name(), PeerNames.MAX_NAME);
        PeerNames.requireValid("host", config.host(), PeerNames.MAX_HOST);
        this.config = config;
        this.behaviour = behaviour;
        this.self = new PeerInfo(
                UUID.randomUUID().toString(),
                config.name(),
                config.host(),
                behaviour.role().label());
        this.control = new ThreadPoolExecutor(
                1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(MAX_QUEUED_NOTES), r -> {
                    Thread thread = new Thread(r, "maestro-peer-" + config.name());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    /**
     * Starts a peer: connects, leaves the last will and subscribes to its topics.
     *
     * @throws TransportException when the control broker cannot be reached
     */
    public static Peer start(PeerConfig config, RoleBehaviour behaviour) throws TransportException {
        Peer peer = new Peer(config, behaviour);
        peer.connect();
        return peer;
    }

    private void connect() throws TransportException {
        byte[] will =
                NoteCodec.encode(Note.notification(Command.ABNORMAL_DISCONNECT, Payload.Empty.INSTANCE, self, null));
        MqttTransport.Options connectOptions = MqttTransport.Options.of(
                        "maestro-" + behaviour.role().label() + "-" + self.id())
                .withWill(Topics.NOTIFICATIONS, will, Topics.NOTIFICATION_QOS)
                .withKeepAlive(config.keepAlive());
        transport = MqttTransport.connect(config.maestro(), connectOptions);
        transport.subscribe(Topics.ALL_PEERS, Topics.REQUEST_QOS, (topic, bytes) -> enqueue(topic, bytes, true));
        transport.subscribe(
                Topics.role(behaviour.role()), Topics.REQUEST_QOS, (topic, bytes) -> enqueue(topic, bytes, false));
        transport.subscribe(Topics.peer(self.id()), Topics.REQUEST_QOS, (topic, bytes) -> enqueue(topic, bytes, false));
        LOG.info("{} {} connected to {}", behaviour.role().label(), self.qualifiedName(), config.maestro());
    }

    /** This peer's identity. */
    public PeerInfo info() {
        return self;
    }

    /** How many incoming notes were dropped because {@value #MAX_QUEUED_NOTES} were already waiting. */
    public long droppedNotes() {
        return dropped.get();
    }

    /** What this peer does in its role. */
    public RoleBehaviour behaviour() {
        return behaviour;
    }

    /** The options set since the last RESET. */
    public TestOptions options() {
        return options;
    }

    /** Waits until the peer was halted (HALT or {@link #close()}); true if it was within the timeout. */
    public boolean awaitHalt(Duration timeout) throws InterruptedException {
        return halted.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** True once the peer was halted. */
    public boolean isHalted() {
        return halted.getCount() == 0;
    }

    /** Drops the control connection as a crash would (no DISCONNECT): for fault-injection tests. */
    public void crashConnection() {
        transport.dropConnection();
    }

    /** Stops the role and disconnects cleanly. */
    @Override
    public void close() {
        shutdown();
        control.shutdown();
        try {
            control.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void shutdown() {
        if (halted.getCount() == 0) {
            return;
        }
        try {
            behaviour.halt();
        } catch (RuntimeException e) {
            LOG.warn("{} did not halt cleanly: {}", self.qualifiedName(), e.toString());
        }
        transport.close();
        halted.countDown();
    }

    private void enqueue(String topic, byte[] bytes, boolean broadcast) {
        if (halted.getCount() == 0) {
            return;
        }
        try {
            control.execute(() -> handle(bytes, broadcast));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            if (control.isShutdown()) {
                LOG.debug("{} is stopping; dropped a note on {}", self.qualifiedName(), topic);
            } else if (dropped.getAndIncrement() % MAX_QUEUED_NOTES == 0) {
                LOG.warn(
                        "{} dropped a note on {} ({} so far): {} notes already wait for its control thread; "
                                + "someone floods the control broker",
                        self.qualifiedName(),
                        topic,
                        dropped.get(),
                        MAX_QUEUED_NOTES);
            }
        }
    }

    private void handle(byte[] bytes, boolean broadcast) {
        Note request;
        try {
            request = NoteCodec.decode(bytes);
        } catch (MalformedNoteException e) {
            LOG.warn(
                    "{} received {} bytes that are not a Maestro note: {}",
                    self.qualifiedName(),
                    bytes.length,
                    e.getMessage());
            send(
                    Topics.CLIENT,
                    new Note(
                            NoteType.RESPONSE,
                            Command.PROTOCOL_ERROR,
                            new NoteHeader("unknown", UUID.randomUUID().toString(), self),
                            new Payload.Text("cannot decode the note: " + e.getMessage())));
            return;
        }
        if (request.type() != NoteType.REQUEST) {
            return;
        }
        try {
            Payload reply = dispatch(request, broadcast);
            if (reply != null) {
                send(Topics.CLIENT, request.reply(replyCommand(request.command(), reply), reply, self));
            }
        } catch (RoleException e) {
            LOG.info("{} refused {}: {}", self.qualifiedName(), request.command(), e.getMessage());
            send(
                    Topics.CLIENT,
                    request.reply(Command.INTERNAL_ERROR, new Payload.Error(e.code(), e.getMessage()), self));
        } catch (RuntimeException e) {
            LOG.error("{} failed on {}", self.qualifiedName(), request.command(), e);
            send(
                    Topics.CLIENT,
                    request.reply(
                            Command.INTERNAL_ERROR,
                            new Payload.Error(
                                    ErrorCodes.OTHER,
                                    request.command() + " failed on " + self.qualifiedName() + ": " + e),
                            self));
        }
        if (request.command() == Command.HALT) {
            shutdown();
            control.shutdown();
        }
    }

    private static Command replyCommand(Command request, Payload reply) {
        if (reply instanceof Payload.PingReply) {
            return Command.PING;
        } else if (reply instanceof Payload.Stats) {
            return Command.STATS;
        } else if (reply instanceof Payload.Notice) {
            return Command.GET;
        }
        return Command.OK;
    }

    /** Handles one request; returns the reply payload, or null when the note is not for this peer. */
    private Payload dispatch(Note request, boolean broadcast) throws RoleException {
        switch (request.command()) {
            case PING:
                Payload.Ping ping = (Payload.Ping) request.payload();
                long nowMicros = MicroClock.system().nowMicros();
                return new Payload.PingReply(
                        ping.seconds(), ping.micros(), nowMicros - (ping.seconds() * 1_000_000L + ping.micros()));
            case SET:
                set((Payload.SetOption) request.payload());
                return Payload.Empty.INSTANCE;
            case RESET:
                reset();
                return Payload.Empty.INSTANCE;
            case STATS:
                return behaviour.stats();
            case GET:
                return new Payload.Notice(self.qualifiedName(), describe());
            case FLUSH:
                try {
                    behaviour.flush();
                } catch (IOException e) {
                    throw new RoleException(
                            ErrorCodes.IO,
                            "cannot write the test data of " + self.qualifiedName() + ": " + e.getMessage(),
                            e);
                }
                return Payload.Empty.INSTANCE;
            case HALT:
                return Payload.Empty.INSTANCE;
            case LOG:
                shipResults(request);
                return Payload.Empty.INSTANCE;
            default:
                if (!behaviour.commands().contains(request.command())) {
                    if (broadcast) {
                        return null;
                    }
                    throw RoleException.unsupported(request.command(), behaviour.role());
                }
                return behaviour.handle(request, context);
        }
    }

    private void set(Payload.SetOption set) throws RoleException {
        OptionCode option = OptionCode.ofCode(set.option())
                .orElseThrow(() -> new RoleException(
                        ErrorCodes.INVALID_OPTION,
                        "unknown option code " + set.option() + "; known codes: "
                                + Arrays.stream(OptionCode.values())
                                        .map(o -> o.code() + " (" + o.parameter() + ")")
                                        .collect(Collectors.joining(", "))));
        if (behaviour.busy()) {
            throw new RoleException(
                    ErrorCodes.BUSY,
                    "cannot set " + option.parameter() + " while " + self.qualifiedName()
                            + " runs a test; stop it first");
        }
        try {
            TestOptions updated = options.with(option, set.value());
            behaviour.checkOptions(updated);
            options = updated;
        } catch (InvalidOptionException e) {
            throw new RoleException(ErrorCodes.INVALID_OPTION, e.getMessage());
        } catch (IllegalArgumentException e) {
            // a role's check may name the parameter itself (SEND_RECEIVE_URL or SEND_URL): name it once
            String message = String.valueOf(e.getMessage());
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    message.matches("[A-Z][A-Z_0-9]*: .*") ? message : option.parameter() + ": " + message);
        }
    }

    /** Drops every option and what the role kept of its last test; refused while the role runs a test. */
    private void reset() throws RoleException {
        if (behaviour.busy()) {
            throw new RoleException(
                    ErrorCodes.BUSY,
                    "cannot reset the options of " + self.qualifiedName() + ": it still runs test '"
                            + options.testName() + "' (of this client or another); wait for that test to end"
                            + " ('maestro-cli status' lists the busy peers)");
        }
        options = TestOptions.DEFAULTS;
        behaviour.reset();
        LOG.debug("{} reset its options to the defaults", self.qualifiedName());
    }

    private Map<String, String> describe() {
        Map<String, String> details = new LinkedHashMap<>();
        details.put("id", self.id());
        details.put("name", self.name());
        details.put("host", self.host());
        details.put("role", self.role());
        details.put("busy", Boolean.toString(behaviour.busy()));
        details.put("version", String.valueOf(Peer.class.getPackage().getImplementationVersion()));
        options.values()
                .forEach((option, value) ->
                        details.put("option." + option.parameter(), UrlRedactor.redactPassword(value)));
        return details;
    }

    private void shipResults(Note request) throws RoleException {
        try {
            long deadline = System.nanoTime() + SHIP_WAIT.toNanos();
            while (behaviour.busy() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            if (behaviour.busy()) {
                LOG.warn(
                        "{} is still busy after {} s; shipping what it has written so far",
                        self.qualifiedName(),
                        SHIP_WAIT.toSeconds());
            }
            behaviour.flush();
            Path directory = context.resultDirectory();
            String runId = options.runId().orElse(null);
            if (runId != null) {
                var foreign = RunFiles.foreignRunId(runId, directory);
                if (foreign.isPresent()) {
                    throw new RoleException(
                            ErrorCodes.IO,
                            self.qualifiedName() + " did not ship " + directory + ": its files belong to run "
                                    + foreign.get() + ", not to the current run " + runId);
                }
            }
            int files = ResultShipper.ship(
                    directory,
                    chunk -> transport.publish(
                            Topics.CLIENT,
                            NoteCodec.encode(new Note(
                                    NoteType.DATA,
                                    Command.LOG,
                                    new NoteHeader(
                                            request.header().correlationId(),
                                            UUID.randomUUID().toString(),
                                            self),
                                    chunk)),
                            Topics.REQUEST_QOS));
            LOG.info("{} shipped {} result files from {}", self.qualifiedName(), files, directory);
        } catch (RoleException e) {
            throw e;
        } catch (Exception e) {
            throw new RoleException(ErrorCodes.IO, "cannot ship the results of " + self.qualifiedName() + ": " + e, e);
        }
    }

    private void send(String topic, Note note) {
        try {
            transport.publish(
                    topic,
                    NoteCodec.encode(note),
                    note.type() == NoteType.NOTIFICATION ? Topics.NOTIFICATION_QOS : Topics.REQUEST_QOS);
        } catch (TransportException e) {
            LOG.error("{} could not send {}: {}", self.qualifiedName(), note.command(), e.getMessage());
        }
    }

    private final class Context implements PeerContext {
        /** The run id whose files the result directory holds. */
        private String preparedRun;

        @Override
        public PeerInfo self() {
            return self;
        }

        @Override
        public TestOptions options() {
            return options;
        }

        /**
         * The directory of the current run, emptied when a run (a RUN_ID) first uses it: the files of an earlier run
         * of the same test and iteration are removed, never shipped as this run's. Without a RUN_ID the directory is
         * kept as it is.
         */
        @Override
        public synchronized Path resultDirectory() throws IOException {
            TestOptions current = options;
            Path directory = PeerContext.resultDirectory(config.resultsRoot(), current, self);
            String run = current.runId().orElse(null);
            if (run != null && !run.equals(preparedRun)) {
                if (Files.exists(directory)) {
                    LOG.info(
                            "{} removes {}: it holds the files of an earlier run, and run {} starts empty",
                            self.qualifiedName(),
                            directory,
                            run);
                    RunFiles.delete(directory);
                }
                preparedRun = run;
            }
            Files.createDirectories(directory);
            return directory;
        }

        @Override
        public void notify(Command command, String message, Map<String, String> details) {
            send(Topics.NOTIFICATIONS, Note.notification(command, new Payload.Notice(message, details), self, null));
        }
    }
}

package org.maestro.worker.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Recorder;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.amqp.Binary;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.amqp.messaging.Accepted;
import org.apache.qpid.proton.amqp.messaging.Data;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.messaging.Target;
import org.apache.qpid.proton.amqp.transport.DeliveryState;
import org.apache.qpid.proton.amqp.transport.ErrorCondition;
import org.apache.qpid.proton.amqp.transport.ReceiverSettleMode;
import org.apache.qpid.proton.amqp.transport.SenderSettleMode;
import org.apache.qpid.proton.engine.Collector;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Delivery;
import org.apache.qpid.proton.engine.EndpointState;
import org.apache.qpid.proton.engine.Event;
import org.apache.qpid.proton.engine.Receiver;
import org.apache.qpid.proton.engine.Sender;
import org.apache.qpid.proton.engine.Session;
import org.apache.qpid.proton.engine.Transport;
import org.apache.qpid.proton.message.Message;

/**
 * One connection of {@link ProtonLoop}: a socket of the JDK's NIO and a Proton-J engine, owned by one I/O thread,
 * with one session, one sender link and one receiver link on the queue. The thread sends the messages due on its
 * timeline while the sender link has credit, unsettled (the broker settles each with its outcome), and accepts and
 * settles each message its receiver link gets, topping the receiver's credit up to {@value #CREDIT} when it falls
 * under half. Counters are written by the I/O thread only and read by others.
 */
final class ProtonLoopConnection {
    /** The receiver link's credit, the Proton-J driver's default. */
    static final int CREDIT = 1000;

    private static final long CONNECT_MILLIS = 10_000;
    private static final long CLOSE_MILLIS = 2_000;
    private static final Symbol QUEUE = Symbol.valueOf("queue");

    private final int stream;
    private final Setup setup;
    private final InetSocketAddress address;
    private final int rate;
    private final Connection connection = Proton.connection();
    private final Transport transport = Proton.transport();
    private final Collector collector = Proton.collector();
    private final byte[] body;
    private final byte[] encoded;
    private final Message outgoing = Proton.message();
    private final CompletableFuture<Void> attached = new CompletableFuture<>();
    private final Thread thread;
    private Selector selector;
    private SocketChannel channel;
    private Sender sender;
    private Receiver receiver;
    private byte[] incoming = new byte[1024];
    private long next;
    private long closeStartedMillis;

    private volatile long startMicros;
    private volatile long endMicros;
    private volatile long windowStartMicros;
    private volatile boolean timelineSet;
    private volatile boolean closeRequested;
    private volatile boolean sendingDone;
    private volatile long sent;
    private volatile long sentByEnd;
    private volatile long accepted;
    private volatile long refused;
    private volatile long received;
    private volatile int credit;
    private volatile int unsettled;
    private volatile String failure;

    /**
     * What the connections of one run share: the broker, the queue, the rate per connection, the body size, where
     * sequence numbers are counted and response times recorded.
     */
    record Setup(
            InetSocketAddress address, String queue, int rate, int size, SequenceTally tally, Recorder responseTime) {}

    ProtonLoopConnection(int stream, Setup setup) {
        this.stream = stream;
        this.setup = setup;
        this.address = setup.address();
        this.rate = setup.rate();
        this.body = new byte[Math.max(setup.size(), SequenceTally.MIN_BODY)];
        this.encoded = new byte[body.length + 128];
        this.thread = new Thread(this::loop, "bare-proton-" + stream);
        thread.setDaemon(true);
    }

    /** Connects on the I/O thread; {@link #awaitAttached} tells when both links are attached. */
    void start() {
        thread.start();
    }

    /** Waits (at most {@code millis}) until the broker attached both links; throws with the reason otherwise. */
    void awaitAttached(long millis) throws Exception {
        try {
            attached.get(millis, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("connection " + stream + " to " + address + " did not attach its links "
                    + "within " + millis + " ms" + (failure == null ? "" : ": " + failure));
        }
    }

    /**
     * Starts sending: message n is due at {@code start + n / rate} (or at once, unbounded) until {@code end};
     * messages intended from {@code windowStart} on are measured. Times in µs of {@link BareStamp#nowMicros()}.
     */
    void begin(long start, long windowStart, long end) {
        startMicros = start;
        windowStartMicros = windowStart;
        endMicros = end;
        timelineSet = true;
        selector.wakeup();
    }

    /** Ends the connection: closes it with the broker (at most 2 s), then the socket; waits for the I/O thread. */
    void close() throws InterruptedException {
        closeRequested = true;
        Selector waking = selector;
        if (waking != null) {
            waking.wakeup();
        }
        thread.join(CLOSE_MILLIS + 3_000);
    }

    // ---- read by other threads ----

    long sent() {
        return sent;
    }

    /** Messages sent before the end of the timeline by the clock, not only by intention. */
    long sentByEnd() {
        return sentByEnd;
    }

    long accepted() {
        return accepted;
    }

    /** Messages the broker settled with another outcome than accepted. */
    long refused() {
        return refused;
    }

    /** Messages this connection's receiver link got, of any stream. */
    long received() {
        return received;
    }

    boolean sendingDone() {
        return sendingDone;
    }

    /** Why the connection failed, or null. */
    String failure() {
        return failure;
    }

    /** The sender link's credit and unsettled deliveries, as of the I/O thread's last turn. */
    String linkState() {
        return "credit " + credit + ", " + unsettled + " unsettled, " + sent + " sent, " + accepted + " accepted, "
                + received + " received";
    }

    // ---- the I/O thread ----

    private void loop() {
        try {
            connect();
            while (!closed()) {
                readInput();
                handleEvents();
                sendDue();
                writeOutput();
                credit = sender.getCredit();
                unsettled = sender.getUnsettled();
                waitForWork();
            }
        } catch (IOException | RuntimeException e) {
            fail(e.getClass().getSimpleName() + ": " + e.getMessage());
        } finally {
            attached.completeExceptionally(new IllegalStateException(String.valueOf(failure)));
            closeQuietly();
        }
    }

    private void connect() throws IOException {
        selector = Selector.open();
        channel = SocketChannel.open();
        channel.socket().connect(address, (int) CONNECT_MILLIS);
        channel.socket().setTcpNoDelay(true);
        channel.configureBlocking(false);
        channel.register(selector, SelectionKey.OP_READ);
        transport.bind(connection);
        connection.collect(collector);
        connection.setContainer("maestro-bare-proton-" + stream);
        connection.setHostname(address.getHostString());
        connection.open();
        Session session = connection.session();
        session.open();
        receiver = session.receiver("bare-proton-receiver-" + stream);
        Source source = new Source();
        source.setAddress(setup.queue());
        source.setCapabilities(QUEUE);
        receiver.setSource(source);
        receiver.setTarget(new Target());
        receiver.setReceiverSettleMode(ReceiverSettleMode.FIRST);
        receiver.open();
        receiver.flow(CREDIT);
        sender = session.sender("bare-proton-sender-" + stream);
        Target target = new Target();
        target.setAddress(setup.queue());
        target.setCapabilities(QUEUE);
        sender.setTarget(target);
        sender.setSource(new Source());
        sender.setSenderSettleMode(SenderSettleMode.UNSETTLED);
        sender.open();
    }

    private boolean closed() {
        if (failure != null) {
            return true;
        }
        if (!closeRequested) {
            return false;
        }
        if (closeStartedMillis == 0) {
            closeStartedMillis = System.currentTimeMillis();
            connection.close();
            return false;
        }
        boolean answered = connection.getRemoteState() == EndpointState.CLOSED && transport.pending() <= 0;
        return answered || System.currentTimeMillis() - closeStartedMillis > CLOSE_MILLIS;
    }

    private void readInput() throws IOException {
        for (int turn = 0; turn < 16; turn++) {
            int capacity = transport.capacity();
            if (capacity <= 0) {
                return;
            }
            int read = channel.read(transport.tail());
            if (read > 0) {
                transport.process();
            } else {
                if (read < 0) {
                    transport.close_tail();
                    if (!closeRequested) {
                        fail("the broker closed the socket");
                    }
                }
                return;
            }
        }
    }

    private void writeOutput() throws IOException {
        while (transport.pending() > 0) {
            ByteBuffer head = transport.head();
            int written = channel.write(head);
            if (written <= 0) {
                return;
            }
            transport.pop(written);
        }
    }

    private void waitForWork() throws IOException {
        SelectionKey key = channel.keyFor(selector);
        key.interestOps(SelectionKey.OP_READ | (transport.pending() > 0 ? SelectionKey.OP_WRITE : 0));
        long waitMicros = nextSendInMicros();
        if (waitMicros <= 0) {
            selector.selectNow();
        } else if (waitMicros < 1000) {
            LockSupport.parkNanos(waitMicros * 1000);
            selector.selectNow();
        } else {
            selector.select(Math.min(waitMicros / 1000, 100));
        }
        selector.selectedKeys().clear();
    }

    /** How long until the next message is due and can go (0: now); 100 ms when none can go. */
    private long nextSendInMicros() {
        if (!timelineSet || sendingDone || closeRequested || sender.getCredit() <= 0) {
            return 100_000;
        }
        return rate == 0 ? 0 : Math.max(0, BareStamp.intended(startMicros, rate, next) - BareStamp.nowMicros());
    }

    private void sendDue() {
        if (!timelineSet || sendingDone || closeRequested || sender.getRemoteState() != EndpointState.ACTIVE) {
            return;
        }
        while (true) {
            long intended = BareStamp.intended(startMicros, rate, next);
            long now = BareStamp.nowMicros();
            if (intended >= endMicros) {
                sendingDone = true;
                return;
            }
            if (intended > now || sender.getCredit() <= 0) {
                return;
            }
            send(intended);
            if (now < endMicros) {
                sentByEnd++;
            }
        }
    }

    private void send(long intended) {
        BareStamp.put(body, intended);
        SequenceTally.put(body, stream, next);
        outgoing.setBody(new Data(new Binary(body)));
        int length = outgoing.encode(encoded, 0, encoded.length);
        long tag = next;
        Delivery delivery = sender.delivery(new byte[] {
            (byte) (tag >>> 56), (byte) (tag >>> 48), (byte) (tag >>> 40), (byte) (tag >>> 32),
            (byte) (tag >>> 24), (byte) (tag >>> 16), (byte) (tag >>> 8), (byte) tag
        });
        sender.send(encoded, 0, length);
        sender.advance();
        next++;
        sent++;
    }

    private void handleEvents() {
        Event event;
        while ((event = collector.peek()) != null) {
            switch (event.getType()) {
                case LINK_REMOTE_OPEN -> onLinkOpen();
                case LINK_REMOTE_CLOSE -> {
                    if (!closeRequested) {
                        fail("the broker detached a link"
                                + describe(event.getLink().getRemoteCondition()));
                    }
                }
                case CONNECTION_REMOTE_CLOSE -> {
                    if (!closeRequested) {
                        fail("the broker closed the connection" + describe(connection.getRemoteCondition()));
                    }
                }
                case TRANSPORT_ERROR -> fail("AMQP transport error" + describe(transport.getCondition()));
                case DELIVERY -> {
                    if (event.getDelivery().getLink() instanceof Receiver) {
                        receiveAll();
                    } else {
                        onOutcome(event.getDelivery());
                    }
                }
                default -> {}
            }
            collector.pop();
        }
    }

    private void onLinkOpen() {
        boolean receiverUp = receiver.getRemoteState() == EndpointState.ACTIVE && receiver.getRemoteSource() != null;
        boolean senderUp = sender.getRemoteState() == EndpointState.ACTIVE && sender.getRemoteTarget() != null;
        if (receiverUp && senderUp) {
            attached.complete(null);
        }
    }

    /** The broker's outcome of a message sent: counted once, when it is terminal or the broker settled it. */
    private void onOutcome(Delivery delivery) {
        DeliveryState state = delivery.getRemoteState();
        if (delivery.isSettled() || (state == null && !delivery.remotelySettled())) {
            return;
        }
        if (state instanceof Accepted) {
            accepted++;
        } else {
            refused++;
        }
        delivery.settle();
    }

    /** Takes every complete message at the head of the receiver link; accepts and settles each. */
    private void receiveAll() {
        Delivery delivery;
        while ((delivery = receiver.current()) != null && delivery.isReadable() && !delivery.isPartial()) {
            int size = delivery.pending();
            if (incoming.length < size) {
                incoming = new byte[size];
            }
            int read = receiver.recv(incoming, 0, size);
            receiver.advance();
            delivery.disposition(Accepted.getInstance());
            delivery.settle();
            long now = BareStamp.nowMicros();
            Message message = Proton.message();
            message.decode(incoming, 0, read);
            if (message.getBody() instanceof Data data) {
                Binary value = data.getValue();
                long intended = BareStamp.get(value.getArray(), value.getArrayOffset(), value.getLength());
                if (intended >= windowStartMicros && intended < endMicros) {
                    setup.responseTime().recordValue(Math.max(0, now - intended));
                }
                setup.tally().record(value.getArray(), value.getArrayOffset(), value.getLength());
            } else {
                setup.tally().record(new byte[0], 0, 0);
            }
            received++;
        }
        int left = receiver.getCredit();
        if (left < CREDIT / 2) {
            receiver.flow(CREDIT - left);
        }
    }

    private void fail(String reason) {
        if (failure == null) {
            failure = "connection " + stream + ": " + reason;
        }
        attached.completeExceptionally(new IllegalStateException(failure));
    }

    private void closeQuietly() {
        try {
            if (channel != null) {
                channel.close();
            }
            if (selector != null) {
                selector.close();
            }
        } catch (IOException e) {
            System.err.println("closing connection " + stream + ": " + e.getMessage());
        }
    }

    private static String describe(ErrorCondition condition) {
        if (condition == null || condition.getCondition() == null) {
            return "";
        }
        return ": " + condition.getCondition()
                + (condition.getDescription() == null ? "" : " " + condition.getDescription());
    }
}

package org.maestro.amqp.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import org.apache.qpid.proton.Proton;
import org.apache.qpid.proton.engine.Collector;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Event;
import org.apache.qpid.proton.engine.Sasl;
import org.apache.qpid.proton.engine.SslDomain;
import org.apache.qpid.proton.engine.Transport;

/**
 * One AMQP 1.0 connection's Proton-J engine over a non-blocking socket: connects (plain or TLS), logs in with SASL
 * (ANONYMOUS, or PLAIN with a user), moves bytes between the socket and the transport, and hands every engine event
 * to the caller's handler. The engine objects belong to the one thread that calls {@link #pump} and
 * {@link #dispatch}; {@link #wakeup()}, {@link #interruptWait()} and {@link #close()} may be called from any thread.
 *
 * <pre>{@code
 * try (AmqpEngine engine = AmqpEngine.connect(endpoint, Duration.ofSeconds(5))) {
 *     engine.connection().open();
 *     while (!done) {
 *         engine.pump(100, () -> true, this::onEvent); // write, wait at most 100 ms for input, read, dispatch
 *     }
 * }
 * }</pre>
 */
public final class AmqpEngine implements AutoCloseable {
    private final AmqpEndpoint endpoint;
    private final Transport transport = Proton.transport();
    private final Connection connection = Proton.connection();
    private final Collector collector = Proton.collector();
    private final Sasl sasl;
    private final Selector selector;
    private final SocketChannel channel;
    private final AtomicBoolean selecting = new AtomicBoolean();
    private boolean tailClosed;
    private volatile boolean closed;

    private AmqpEngine(AmqpEndpoint endpoint, Selector selector, SocketChannel channel) {
        this.endpoint = endpoint;
        this.selector = selector;
        this.channel = channel;
        this.sasl = transport.sasl();
        sasl.client();
        if (endpoint.user() != null) {
            sasl.plain(endpoint.user(), endpoint.password() == null ? "" : endpoint.password());
        } else {
            sasl.setMechanisms("ANONYMOUS");
        }
        connection.collect(collector);
        connection.setContainer(endpoint.containerId());
        connection.setHostname(endpoint.host());
        transport.bind(connection);
    }

    /**
     * Opens the socket to the endpoint, waiting at most {@code timeout} for the TCP connection, and binds a transport
     * with SASL (and TLS) to a new {@link #connection()}, which the caller opens.
     *
     * @throws IOException when the socket cannot be connected (e.g. {@link java.net.ConnectException},
     *     {@link java.net.SocketTimeoutException})
     */
    public static AmqpEngine connect(AmqpEndpoint endpoint, Duration timeout) throws IOException {
        return connect(endpoint, timeout, null);
    }

    /**
     * {@link #connect(AmqpEndpoint, Duration)} with the TLS context of a {@linkplain AmqpEndpoint#tls() TLS}
     * endpoint ({@code null}: the JVM's default, which trusts the JVM's trust store).
     */
    public static AmqpEngine connect(AmqpEndpoint endpoint, Duration timeout, SSLContext tlsContext)
            throws IOException {
        Selector selector = Selector.open();
        SocketChannel channel = SocketChannel.open();
        try {
            channel.socket().connect(new InetSocketAddress(endpoint.host(), endpoint.port()), (int)
                    Math.max(1, timeout.toMillis()));
            channel.socket().setTcpNoDelay(true);
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            AmqpEngine engine = new AmqpEngine(endpoint, selector, channel);
            if (endpoint.tls()) {
                engine.startTls(tlsContext);
            }
            return engine;
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel, selector);
            throw e;
        }
    }

    private void startTls(SSLContext tlsContext) throws IOException {
        SslDomain domain = Proton.sslDomain();
        domain.init(SslDomain.Mode.CLIENT);
        domain.setPeerAuthentication(SslDomain.VerifyMode.VERIFY_PEER);
        try {
            domain.setSslContext(tlsContext != null ? tlsContext : SSLContext.getDefault());
        } catch (NoSuchAlgorithmException e) {
            throw new IOException("this JVM has no default TLS context: " + e.getMessage(), e);
        }
        transport.ssl(domain, Proton.sslPeerDetails(endpoint.host(), endpoint.port()));
    }

    /** Where this engine is connected. */
    public AmqpEndpoint endpoint() {
        return endpoint;
    }

    /** The AMQP connection (open it, then make sessions and links on it). */
    public Connection connection() {
        return connection;
    }

    /** The transport: its error condition, its pending output. */
    public Transport transport() {
        return transport;
    }

    /**
     * True once the peer refused the SASL login: it answered with an authentication failure (wrong user or
     * password), or it does not offer the mechanism this engine uses (PLAIN with a user, ANONYMOUS without one).
     */
    public boolean loginRefused() {
        if (sasl.getOutcome() == Sasl.SaslOutcome.PN_SASL_AUTH) {
            return true;
        }
        String[] offered = sasl.getRemoteMechanisms();
        return offered != null
                && offered.length > 0
                && !Arrays.asList(offered).contains(endpoint.user() == null ? "ANONYMOUS" : "PLAIN");
    }

    /**
     * One turn of the engine: processes timers, writes what the engine has to send, waits at most
     * {@code maxWaitMillis} (less when a timer is due; not at all when 0 or when {@code mayWait} says false, asked
     * after {@link #wakeup()} was armed) for input or for room to write, reads what arrived and dispatches the events.
     *
     * @throws PeerClosedException when the peer closed the socket (the transport's tail is closed, events are not
     *     dispatched)
     * @throws IOException when the transport takes no more input (after dispatching the events, e.g. the peer's
     *     close), when the socket failed, or when the engine was closed
     */
    public void pump(long maxWaitMillis, BooleanSupplier mayWait, Consumer<Event> handler) throws IOException {
        try {
            long now = System.currentTimeMillis();
            long due = transport.tick(now);
            write();
            long wait =
                    maxWaitMillis <= 0 ? 0 : due == 0 ? maxWaitMillis : Math.max(1, Math.min(maxWaitMillis, due - now));
            selecting.set(true);
            if (wait > 0 && mayWait.getAsBoolean()) {
                selector.select(wait);
            } else {
                selector.selectNow();
            }
            selecting.set(false);
            selector.selectedKeys().clear();
            read();
            dispatch(handler);
            if (tailClosed) {
                throw new IOException("the AMQP transport closed");
            }
        } catch (ClosedSelectorException e) {
            throw new ClosedChannelException();
        }
    }

    /** Hands every event the engine has collected to {@code handler}, in order. */
    public void dispatch(Consumer<Event> handler) {
        Event event;
        while ((event = collector.peek()) != null) {
            handler.accept(event);
            collector.pop();
        }
    }

    /** Writes what the engine has to send, as far as the socket takes it now; the rest waits for room. */
    public void write() throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        while (transport.pending() > 0) {
            ByteBuffer head = transport.head();
            int written = channel.write(head);
            if (written <= 0) {
                channel.keyFor(selector).interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                return;
            }
            transport.pop(written);
        }
        channel.keyFor(selector).interestOps(SelectionKey.OP_READ);
    }

    private void read() throws IOException {
        while (true) {
            int capacity = transport.capacity();
            if (capacity <= 0) {
                // below 0: the transport takes no more input (e.g. after the peer's close); what it said is dispatched
                tailClosed = capacity < 0;
                return;
            }
            ByteBuffer tail = transport.tail();
            int count = channel.read(tail);
            if (count > 0) {
                transport.process();
            } else {
                if (count < 0) {
                    transport.close_tail();
                    throw new PeerClosedException("the connection was closed by " + endpoint.address());
                }
                return;
            }
        }
    }

    /**
     * Makes a {@link #pump} that waits return at once; cheap when none waits (call it after handing work to the
     * engine's thread).
     */
    public void wakeup() {
        if (selecting.get()) {
            selector.wakeup();
        }
    }

    /** Makes the current or the next wait of {@link #pump} return at once. */
    public void interruptWait() {
        selector.wakeup();
    }

    /**
     * Closes the AMQP connection and writes the close to the peer, waiting at most {@code flush} for the socket to
     * take it; the socket stays open (see {@link #close()}).
     */
    public void closeConnection(Duration flush) {
        try {
            connection.close();
            long deadline = System.nanoTime() + flush.toNanos();
            while (transport.pending() > 0 && System.nanoTime() - deadline < 0) {
                write();
                selector.select(10);
                selector.selectedKeys().clear();
            }
        } catch (IOException | RuntimeException e) {
            // closing anyway
        }
    }

    /** True once {@link #close()} was called. */
    public boolean closed() {
        return closed;
    }

    /** Closes the socket at once, from any thread; a pump in progress fails with an {@link IOException}. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(channel, selector);
    }

    private static void closeQuietly(SocketChannel channel, Selector selector) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        try {
            selector.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}

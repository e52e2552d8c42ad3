package org.maestro.cli.embedded;

import java.io.IOException;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maestro.base.net.FreePorts;
import org.maestro.client.script.LocalSut;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.inspector.artemis.ArtemisInspector;
import org.maestro.inspector.artemis.EmbeddedJolokia;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Artemis broker the embedded mode offers as system under test. Its AMQP and STOMP ports are chosen at once, so
 * its URLs can be handed to the script, but the broker (and the Jolokia agent its inspector reads) starts only when
 * a test points at it: a run against an external SUT starts no broker of its own. Thread-safe.
 */
public final class EmbeddedSut implements LocalSut, AutoCloseable {
    /** The broker's name, in its JMX names and in the report: distinct from the control broker's. */
    public static final String BROKER_NAME = "maestro-sut";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedSut.class);
    private static final Pattern HOST_AND_PORT = Pattern.compile("//(?:[^/@?]*@)?(\\[[^]]*]|[^/:?,)]+):(\\d+)");

    private final int port;
    private final int stompPort;
    private final boolean persistent;
    private final Consumer<String> notes;
    private EmbeddedArtemis broker;
    private EmbeddedJolokia jolokia;

    private EmbeddedSut(int port, int stompPort, boolean persistent, Consumer<String> notes) {
        this.port = port;
        this.stompPort = stompPort;
        this.persistent = persistent;
        this.notes = notes;
    }

    /**
     * An embedded SUT on a loopback port free now; nothing starts yet.
     *
     * @param persistent keep durable messages in a journal, so they survive a restart
     * @param notes      told when the broker starts, for the console
     */
    public static EmbeddedSut onFreePort(boolean persistent, Consumer<String> notes) {
        return new EmbeddedSut(FreePorts.next(), FreePorts.next(), persistent, notes);
    }

    /** Its AMQP URL without address, e.g. {@code amqp://127.0.0.1:40123}. */
    @Override
    public String base() {
        return "amqp://127.0.0.1:" + port;
    }

    /** Its STOMP URL without destination, e.g. {@code stomp://127.0.0.1:40124}. */
    @Override
    public String stompBase() {
        return "stomp://127.0.0.1:" + stompPort;
    }

    /** Its AMQP port. */
    public int port() {
        return port;
    }

    /**
     * True when the URL names this SUT: a loopback host and its AMQP or STOMP port, anywhere in the URL (so a
     * {@code failover:(amqp://127.0.0.1:<port>)/queue} URL counts).
     */
    @Override
    public boolean serves(String url) {
        if (url == null) {
            return false;
        }
        Matcher hostAndPort = HOST_AND_PORT.matcher(url);
        while (hostAndPort.find()) {
            String host = hostAndPort.group(1);
            boolean loopback = host.equals("127.0.0.1") || host.equalsIgnoreCase("localhost") || host.equals("[::1]");
            int named = Integer.parseInt(hostAndPort.group(2));
            if (loopback && (named == port || named == stompPort)) {
                return true;
            }
        }
        return false;
    }

    /** True once the broker was started (it may be stopped for a while by the agent). */
    public synchronized boolean started() {
        return broker != null;
    }

    /**
     * Starts the broker and its Jolokia agent, unless they run already.
     *
     * @throws IllegalStateException saying why, when either cannot start
     */
    @Override
    public synchronized void start() {
        if (broker != null) {
            return;
        }
        try {
            broker = EmbeddedArtemis.builder()
                    .amqp(port)
                    .stomp(stompPort)
                    .name(BROKER_NAME)
                    .persistent(persistent)
                    .start();
        } catch (IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the embedded Artemis SUT on port " + port + ": " + e, e);
        }
        try {
            jolokia = EmbeddedJolokia.start();
        } catch (IOException e) {
            closeQuietly();
            throw new IllegalStateException(
                    "cannot start the Jolokia agent the embedded SUT's inspector reads: " + e.getMessage(), e);
        }
        LOG.info("embedded Artemis SUT {} started at {} and {}", BROKER_NAME, base(), stompBase());
        notes.accept("embedded Artemis SUT started at " + base() + " and " + stompBase() + " (a test points at it)");
    }

    /** The {@code artemis} inspector: the broker is read through its Jolokia agent. */
    @Override
    public String inspectorName() {
        return ArtemisInspector.NAME;
    }

    /**
     * The management URL the {@code artemis} inspector reads for this SUT, naming its broker; starts it if needed.
     */
    @Override
    public synchronized String managementUrl() {
        start();
        return jolokia.url() + "?" + ArtemisInspector.BROKER_PARAMETER + "=" + BROKER_NAME;
    }

    /** For the embedded agent: stops the broker (a stop of a broker never started does nothing). */
    public synchronized void stop() throws Exception {
        if (broker != null) {
            broker.stop();
        }
    }

    /** For the embedded agent: starts the broker again after {@link #stop()}, or for the first time. */
    public synchronized void startAgain() throws Exception {
        if (broker == null) {
            start();
        } else {
            broker.restart();
        }
    }

    @Override
    public synchronized void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        if (jolokia != null) {
            jolokia.close();
            jolokia = null;
        }
        if (broker != null) {
            try {
                broker.close();
            } catch (Exception e) {
                LOG.warn("stopping the embedded SUT: {}", e.toString());
            }
            broker = null;
        }
    }
}

package org.maestro.inspector.artemis;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.jolokia.jvmagent.JolokiaServer;
import org.jolokia.jvmagent.JolokiaServerConfig;
import org.jolokia.server.core.config.SystemPropertyMode;
import org.jolokia.server.core.service.api.LogHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Jolokia agent serving this JVM's platform MBeans over HTTP on a free loopback port, at the path a standalone
 * Artemis broker uses ({@code /console/jolokia}): with an {@code EmbeddedArtemis} in the same JVM, the
 * {@code artemis} inspector sees it exactly as it sees a standalone broker. Read-only: it reads attributes and lists
 * MBeans, and refuses to write an attribute or run an operation (which could stop the broker or delete its queues).
 *
 * <pre>{@code
 * try (EmbeddedJolokia jolokia = EmbeddedJolokia.start("admin", "secret")) {
 *     String url = jolokia.url(); // http://admin:secret@127.0.0.1:<port>/console/jolokia
 * }
 * }</pre>
 */
public final class EmbeddedJolokia implements AutoCloseable {
    /** The path of the agent, the same as a standalone Artemis broker's. */
    public static final String CONTEXT = "/console/jolokia";

    /** The access policy: read, list, search and version only; write and exec are refused. */
    static final String READ_ONLY_POLICY = "classpath:/org/maestro/inspector/artemis/jolokia-read-only.xml";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedJolokia.class);

    private final JolokiaServer server;
    private final String user;
    private final String password;

    private EmbeddedJolokia(JolokiaServer server, String user, String password) {
        this.server = server;
        this.user = user;
        this.password = password;
    }

    /** Starts an agent that asks for no credentials. */
    public static EmbeddedJolokia start() throws IOException {
        return start(null, null);
    }

    /**
     * Starts an agent on 127.0.0.1 and a free port.
     *
     * @param user the user of basic authentication, or null for none
     * @param password its password
     */
    public static EmbeddedJolokia start(String user, String password) throws IOException {
        Map<String, String> config = new HashMap<>();
        config.put("host", "127.0.0.1");
        config.put("port", "0");
        config.put("agentContext", CONTEXT);
        config.put("discoveryEnabled", "false");
        config.put("executor", "single");
        config.put("policyLocation", READ_ONLY_POLICY);
        if (user != null) {
            config.put("user", user);
            config.put("password", password == null ? "" : password);
        }
        JolokiaServer server =
                new JolokiaServer(new JolokiaServerConfig(config, SystemPropertyMode.NEVER), new Slf4jLogHandler());
        server.start();
        EmbeddedJolokia jolokia = new EmbeddedJolokia(server, user, password);
        LOG.info("Jolokia agent serving the platform MBeans at {}", jolokia.urlWithoutCredentials());
        return jolokia;
    }

    /** The port the agent listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The agent's URL with the credentials in its user part, as MANAGEMENT_INTERFACE takes it. */
    public String url() {
        if (user == null) {
            return urlWithoutCredentials();
        }
        return "http://" + user + ":" + password + "@127.0.0.1:" + port() + CONTEXT;
    }

    /** The agent's URL without credentials. */
    public String urlWithoutCredentials() {
        return "http://127.0.0.1:" + port() + CONTEXT;
    }

    /** Stops the agent. */
    @Override
    public void close() {
        server.stop();
    }

    /** Sends Jolokia's own log lines to SLF4J. */
    private static final class Slf4jLogHandler implements LogHandler {
        private static final Logger JOLOKIA = LoggerFactory.getLogger("org.jolokia");

        @Override
        public void debug(String message) {
            JOLOKIA.debug(message);
        }

        @Override
        public void info(String message) {
            JOLOKIA.debug(message);
        }

        @Override
        public void error(String message, Throwable error) {
            JOLOKIA.warn(message, error);
        }

        @Override
        public boolean isDebug() {
            return JOLOKIA.isDebugEnabled();
        }
    }
}

package org.maestro.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Assertions;

/**
 * The machine's RabbitMQ for tests: the broker on 127.0.0.1:5672 (guest/guest), its management, STOMP and MQTT
 * plugins (each started once, when a test needs it and it does not listen), its management HTTP API and
 * {@code rabbitmqctl}. A test that needs what is missing is skipped, or failed under CI ({@link RequiredServer}); no
 * test restarts the broker, which the tests share.
 */
public final class LocalRabbitMq {
    public static final String HOST = "127.0.0.1";
    public static final int PORT = 5672;
    /** The management plugin's HTTP port. */
    public static final int MANAGEMENT_PORT = 15672;
    /** The STOMP plugin's port. */
    public static final int STOMP_PORT = 61613;
    /** The MQTT plugin's port: 1884, since Mosquitto holds 1883. */
    public static final int MQTT_PORT = 1884;
    /**
     * What starts the MQTT plugin on {@link #MQTT_PORT} ({@code rabbitmqctl eval}, as {@code .ci/run} does): the
     * listener is set in the node's memory before the plugin starts, so no file of the broker changes and a restarted
     * broker comes back without it. Idempotent, and a no-op while the plugin runs.
     */
    public static final String START_MQTT = "application:load(rabbitmq_mqtt), "
            + "application:set_env(rabbitmq_mqtt, tcp_listeners, [{\"" + HOST + "\", " + MQTT_PORT + "}]), "
            + "application:ensure_all_started(rabbitmq_mqtt).";

    private static final Duration PLUGIN_START = Duration.ofSeconds(30);
    private static final Duration CONNECTIONS_LISTED = Duration.ofSeconds(30);
    private static final Pattern NAME = Pattern.compile("\"name\":\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .sslContext(ownTlsContext())
            .build();
    private static final String AUTHORIZATION =
            "Basic " + Base64.getEncoder().encodeToString("guest:guest".getBytes(StandardCharsets.UTF_8));

    private LocalRabbitMq() {}

    /**
     * A TLS context of the API client's own, never used (the API is plain HTTP): a client made without one would make
     * the JVM's default context, fixing its trust store before a later test of the JVM sets the one it needs.
     */
    private static SSLContext ownTlsContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no TLS context for the management API client: " + e.getMessage(), e);
        }
    }

    /** Skips the calling test when no broker listens on 127.0.0.1:5672, or fails it under CI. */
    public static void assumeRunning() {
        RequiredServer.require(
                RequiredServer.listening(PORT),
                "no RabbitMQ listens on " + HOST + ":" + PORT,
                "start RabbitMQ 3.x there (user guest/guest)");
    }

    /** Skips the calling test when there is no broker or no {@code rabbitmqctl} to drive it, or fails it under CI. */
    public static void assumeRabbitmqctl() {
        assumeRunning();
        RequiredServer.require(
                Commands.find("rabbitmqctl").isPresent(),
                "rabbitmqctl is not installed",
                "the test drives the broker with it: install RabbitMQ 3.x with its tools");
    }

    /** Makes sure the management plugin listens on 127.0.0.1:15672, enabling it when it does not. */
    public static void assumeManagement() throws IOException, InterruptedException {
        assumePlugin("rabbitmq_management", MANAGEMENT_PORT, "rabbitmq-plugins", "-q", "enable", "rabbitmq_management");
    }

    /** Makes sure the STOMP plugin listens on 127.0.0.1:61613, enabling it when it does not. */
    public static void assumeStomp() throws IOException, InterruptedException {
        assumePlugin("rabbitmq_stomp", STOMP_PORT, "rabbitmq-plugins", "-q", "enable", "rabbitmq_stomp");
    }

    /**
     * Makes sure the MQTT plugin listens on 127.0.0.1:1884, starting it with {@link #START_MQTT} when it does not.
     * Enabling another plugin later rewrites the node's plugin set and stops it; the next call starts it again.
     */
    public static void assumeMqtt() throws IOException, InterruptedException {
        assumePlugin("rabbitmq_mqtt", MQTT_PORT, "rabbitmqctl", "-q", "eval", START_MQTT);
    }

    /**
     * Returns when the plugin listens on its port; otherwise starts it with the command, once for all the tests of the
     * JVM, and waits for the port. Skips the calling test (fails it under CI) when there is no broker or no tool.
     */
    private static synchronized void assumePlugin(String plugin, int port, String tool, String... arguments)
            throws IOException, InterruptedException {
        if (RequiredServer.listening(port)) {
            return;
        }
        RequiredServer.require(
                RequiredServer.listening(PORT) && Commands.find(tool).isPresent(),
                "RabbitMQ's " + plugin + " does not listen on " + HOST + ":" + port + ", and there is no RabbitMQ on "
                        + HOST + ":" + PORT + " with " + tool + " to start it",
                "start RabbitMQ 3.x there (user guest/guest) with its tools");
        List<String> command = new ArrayList<>(List.of(Commands.find(tool).orElseThrow()));
        command.addAll(List.of(arguments));
        String answer = Commands.run(command);
        long deadline = System.nanoTime() + PLUGIN_START.toNanos();
        while (!RequiredServer.listening(port)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("RabbitMQ's " + plugin + " does not listen on " + HOST + ":" + port
                        + " " + PLUGIN_START.toSeconds() + " s after " + tool + " started it; it answered: " + answer);
            }
            Thread.sleep(100); // a process helper polling for its port, with the deadline above
        }
    }

    /** A name no other test uses, for a queue, an exchange or a virtual host. */
    public static String uniqueName() {
        return "maestro-test-" + UUID.randomUUID();
    }

    /** A RabbitMQ driver URL on the default virtual host with guest/guest and a query, e.g. {@code queue=q}. */
    public static String url(String query) {
        return "rabbitmq://guest:guest@" + HOST + ":" + PORT + "/?" + query;
    }

    /** Runs {@code rabbitmqctl -q <arguments>} and returns what it printed; fails with it unless it exits with 0. */
    public static String rabbitmqctl(String... arguments) throws IOException, InterruptedException {
        assumeRabbitmqctl();
        List<String> command =
                new ArrayList<>(List.of(Commands.find("rabbitmqctl").orElseThrow(), "-q"));
        command.addAll(List.of(arguments));
        return Commands.run(command);
    }

    /** Evaluates an Erlang expression on the node ({@code rabbitmqctl eval}) and returns what it printed. */
    public static String eval(String expression) throws IOException, InterruptedException {
        return rabbitmqctl("eval", expression);
    }

    /**
     * Calls the management HTTP API as guest: a path below {@code /api} (e.g. {@code /queues/%2F/q}), with a JSON
     * body or {@code null}; returns the answer's body, or fails with it unless it is a success (2xx).
     */
    public static String api(String method, String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> response = send(method, path, json);
        if (response.statusCode() / 100 != 2) {
            throw new IOException(
                    method + " /api" + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** Declares a queue on the default virtual host, neither durable nor auto-deleted. */
    public static void declareQueue(String queue) throws IOException, InterruptedException {
        api("PUT", "/queues/%2F/" + encode(queue), "{\"durable\":false,\"auto_delete\":false}");
    }

    /** Deletes a queue of the default virtual host by name, if it exists. */
    public static void deleteQueue(String queue) throws IOException, InterruptedException {
        deleteIfThere("/queues/%2F/" + encode(queue));
    }

    /** Deletes an exchange of the default virtual host by name, if it exists. */
    public static void deleteExchange(String exchange) throws IOException, InterruptedException {
        deleteIfThere("/exchanges/%2F/" + encode(exchange));
    }

    /**
     * True when the virtual host has a queue of this name (management API: 200, else 404); for polling in a wait, so
     * its failures are unchecked.
     */
    public static boolean queueExists(String vhost, String queue) {
        try {
            HttpResponse<String> response = send("GET", "/queues/" + encode(vhost) + "/" + encode(queue), null);
            if (response.statusCode() != 200 && response.statusCode() != 404) {
                throw new IOException("GET /api/queues/" + encode(vhost) + "/" + encode(queue) + " answered "
                        + response.statusCode() + ": " + response.body());
            }
            return response.statusCode() == 200;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking for queue " + queue, e);
        }
    }

    /** Creates a virtual host of a unique name that guest may use fully; returns its name. */
    public static String createVhost() throws IOException, InterruptedException {
        String vhost = uniqueName();
        api("PUT", "/vhosts/" + encode(vhost), "{}");
        api(
                "PUT",
                "/permissions/" + encode(vhost) + "/guest",
                "{\"configure\":\".*\",\"write\":\".*\",\"read\":\".*\"}");
        return vhost;
    }

    /** Deletes a virtual host and everything in it. */
    public static void deleteVhost(String vhost) throws IOException, InterruptedException {
        api("DELETE", "/vhosts/" + encode(vhost), null);
    }

    /**
     * Closes the connections to a virtual host, as an operator would, once at least {@code expected} are listed (the
     * management plugin lists a new connection after a moment, within 30 s); returns how many it closed.
     */
    public static int closeConnections(String vhost, int expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + CONNECTIONS_LISTED.toNanos();
        List<String> names = connectionNames(vhost);
        while (names.size() < expected) {
            if (System.nanoTime() > deadline) {
                Assertions.fail("RabbitMQ listed " + names.size() + " connections in virtual host " + vhost + ", not "
                        + expected + ", within " + CONNECTIONS_LISTED.toSeconds() + " s: " + names);
            }
            Thread.sleep(200); // the management plugin lists connections a moment after they open, deadline above
            names = connectionNames(vhost);
        }
        for (String name : names) {
            api("DELETE", "/connections/" + encode(name), null);
        }
        return names.size();
    }

    private static List<String> connectionNames(String vhost) throws IOException, InterruptedException {
        List<String> names = new ArrayList<>();
        Matcher name = NAME.matcher(api("GET", "/vhosts/" + encode(vhost) + "/connections?columns=name", null));
        while (name.find()) {
            names.add(name.group(1).replaceAll("\\\\(.)", "$1"));
        }
        return names;
    }

    private static void deleteIfThere(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = send("DELETE", path, null);
        if (response.statusCode() / 100 != 2 && response.statusCode() != 404) {
            throw new IOException("DELETE /api" + path + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    private static HttpResponse<String> send(String method, String path, String json)
            throws IOException, InterruptedException {
        assumeManagement();
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://" + HOST + ":" + MANAGEMENT_PORT + "/api" + path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", AUTHORIZATION);
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(
                method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String encode(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }
}

package org.maestro.inspector.role;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deliberately slow HTTP endpoint answering Jolokia bulk requests (every request: status 200, an empty value)
 * after a delay; it serves requests in parallel and records how many were open at once, so a client that overlapped
 * its requests would show.
 */
final class SlowJolokiaEndpoint implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger mostOpen = new AtomicInteger();
    private final AtomicInteger served = new AtomicInteger();
    private volatile long delayMillis;

    SlowJolokiaEndpoint(long delayMillis) throws IOException {
        this.delayMillis = delayMillis;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 10);
        server.createContext("/console/jolokia", this::answer);
        server.setExecutor(threads);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/console/jolokia";
    }

    void delay(long millis) {
        this.delayMillis = millis;
    }

    /** Requests being answered now. */
    int open() {
        return open.get();
    }

    /** The most requests that were ever open at once. */
    int mostOpen() {
        return mostOpen.get();
    }

    /** Requests answered or being answered. */
    int served() {
        return served.get();
    }

    private void answer(HttpExchange exchange) throws IOException {
        int now = open.incrementAndGet();
        mostOpen.accumulateAndGet(now, Math::max);
        served.incrementAndGet();
        try {
            JsonNode requests = JSON.readTree(exchange.getRequestBody());
            boolean versionOnly = requests.isArray()
                    && requests.size() > 0
                    && "version".equals(requests.get(0).path("type").asText());
            if (!versionOnly) {
                Thread.sleep(delayMillis); // the slow server the tests need
            }
            ArrayNode responses = JSON.createArrayNode();
            for (JsonNode request : requests) {
                responses.addObject().put("status", 200).set("request", request);
                ((com.fasterxml.jackson.databind.node.ObjectNode) responses.get(responses.size() - 1))
                        .putObject("value")
                        .put("agent", "slow-test");
            }
            byte[] body = responses.toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away (timed out): nothing to answer
        } finally {
            open.decrementAndGet();
            exchange.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}

package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.testing.LocalRabbitMq;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sender and a receiver role through the RabbitMQ driver while RabbitMQ closes their connections mid-run: only
 * this test's, picked by the connection name the URL gives them, on the shared broker on 127.0.0.1:5672.
 */
class RabbitOutageTest {
    private static final Logger LOG = LoggerFactory.getLogger(RabbitOutageTest.class);

    @TempDir
    Path results;

    @Test
    void theSenderGoesOnAfterItsConnectionsAreClosedAndNothingIsLostUncounted() throws Exception {
        LocalRabbitMq.assumeRabbitmqctl(); // it closes this test's connections
        String queue = LocalRabbitMq.uniqueName();
        String id = UUID.randomUUID().toString();
        String url = LocalRabbitMq.url("queue=" + queue + "&declare=true&connectionName=");
        List<String> names = List.of("maestro-outage-sender-" + id, "maestro-outage-receiver-" + id);
        try {
            LoadTestRun run = new LoadTestRun(
                    results,
                    Map.of(
                            "SEND_URL",
                            url + names.get(0),
                            "RECEIVE_URL",
                            url + names.get(1),
                            "TEST_DURATION",
                            "4000",
                            "PARALLEL_COUNT",
                            "1",
                            "RATE",
                            "500",
                            "MESSAGE_SIZE",
                            "128",
                            "TEST_NAME",
                            "rabbitmq-outage"));
            run.run(() -> {
                TimeUnit.MILLISECONDS.sleep(500);
                closeConnectionsNamed(names);
            });
            LOG.info("through closed connections: {}", OutageAccounting.assertAccounted(run, 4000));
        } finally {
            LocalRabbitMq.deleteQueue(queue);
        }
    }

    /**
     * Closes the connections with each of the client-provided names (client property connection_name), trying again
     * for 15 s a name none of whose connections was found yet: RabbitMQ may not answer for a busy connection at once.
     */
    private static void closeConnectionsNamed(List<String> names) throws Exception {
        List<String> open = new ArrayList<>(names);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!open.isEmpty() && System.nanoTime() < deadline) {
            String binaries = open.stream().map(name -> "<<\"" + name + "\">>").collect(Collectors.joining(", "));
            String answer =
                    LocalRabbitMq.eval("[length([rabbit_networking:close_connection(P, \"maestro outage test\") "
                            + "|| P <- rabbit_networking:connections(), [{client_properties, Properties}] <- "
                            + "[catch rabbit_networking:connection_info(P, [client_properties])], "
                            + "lists:member({<<\"connection_name\">>, longstr, Name}, Properties)]) || Name <- ["
                            + binaries + "]].");
            String[] counts = answer.trim().replaceAll("[\\[\\]\\s]", "").split(",");
            List<String> closed = new ArrayList<>();
            for (int i = 0; i < counts.length; i++) {
                if (Integer.parseInt(counts[i]) > 0) {
                    closed.add(open.get(i));
                }
            }
            LOG.info("RabbitMQ closed the connections of {}", closed);
            open.removeAll(closed);
        }
        assertTrue(open.isEmpty(), "RabbitMQ found no connection named " + open + " within 15 s");
    }
}

package org.maestro.topology.management;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.amqp.management.AmqpManagementException;

/**
 * A {@link RouterProbe} that asks each router through AMQP management ({@code router.node} and,
 * when brokers are expected, {@code connection}), keeping one connection per router and opening
 * it again after a failure. Not thread-safe.
 */
public final class AmqpRouterProbe implements RouterProbe, AutoCloseable {

    private final Map<String, String> urls;
    private final Map<String, Integer> expectedBrokers;
    private final Duration timeout;
    private final Map<String, ManagementClient> clients = new HashMap<>();

    /**
     * @param urls            management URL ({@code amqp://host:port}) of each router
     * @param expectedBrokers number of brokers each router connects to; routers with none skip the connection query
     * @param timeout         deadline of one connect or query
     */
    public AmqpRouterProbe(Map<String, String> urls, Map<String, Integer> expectedBrokers, Duration timeout) {
        this.urls = Map.copyOf(urls);
        this.expectedBrokers = Map.copyOf(expectedBrokers);
        this.timeout = timeout;
    }

    @Override
    public RouterView probe(String router) throws AmqpManagementException {
        ManagementClient client = clients.get(router);
        try {
            if (client == null) {
                client = ManagementClient.connect(urls.get(router), timeout);
                clients.put(router, client);
            }
            Map<String, Integer> known = new TreeMap<>();
            for (Map<String, Object> row :
                    client.query(ManagementClient.ROUTER_NODE, timeout).entities()) {
                Object id = row.get("id");
                Object cost = row.get("cost");
                if (id != null) {
                    known.put(id.toString(), cost instanceof Number n ? n.intValue() : null);
                }
            }
            int brokers = 0;
            if (expectedBrokers.getOrDefault(router, 0) > 0) {
                for (Map<String, Object> row :
                        client.query(ManagementClient.CONNECTION, timeout).entities()) {
                    if ("route-container".equals(row.get("role")) && !Boolean.FALSE.equals(row.get("opened"))) {
                        brokers++;
                    }
                }
            }
            return new RouterView(known, brokers);
        } catch (AmqpManagementException e) {
            if (client != null) {
                client.close();
                clients.remove(router);
            }
            throw e;
        }
    }

    @Override
    public void close() {
        clients.values().forEach(ManagementClient::close);
        clients.clear();
    }
}

package org.maestro.inspector.dispatch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.amqp.management.AmqpManagementClient;
import org.maestro.amqp.management.AmqpManagementException;
import org.maestro.amqp.management.ManagementReply;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.AbstractInspector;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionException.Kind;
import org.maestro.inspector.Sample;
import org.maestro.inspector.csv.DataSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Inspects a Qpid Dispatch router through AMQP management: five QUERY requests per poll, one after the other
 * (router, links, addresses, connections, allocator), over one connection kept open between polls and opened again
 * on the next poll after the router went away.
 */
public final class DispatchInspector extends AbstractInspector {
    /** The name used in START_INSPECTOR and INSPECTOR_NAME. */
    public static final String NAME = "dispatch";

    private static final Logger LOG = LoggerFactory.getLogger(DispatchInspector.class);

    private final ManagementUrl url;
    private final Duration timeout;
    private volatile AmqpManagementClient client;
    private volatile boolean closed;

    /**
     * An inspector of the router at the URL.
     *
     * @param timeout the longest wait for connecting and for each reply
     */
    public DispatchInspector(ManagementUrl url, Duration timeout) {
        super(NAME, DispatchDataSets.ALL, "Qpid Dispatch Router");
        if (!url.hasScheme("amqp")) {
            throw new IllegalArgumentException("the dispatch inspector needs the router's AMQP URL, such as "
                    + "amqp://router:5672, not " + url.redacted());
        }
        this.url = url;
        this.timeout = timeout;
    }

    @Override
    public void connect() throws InspectionException {
        AmqpManagementClient connected = client();
        ManagementReply router = query(connected, DispatchDataSets.entityType(DispatchDataSets.ROUTER));
        if (!router.ok()) {
            throw new InspectionException(
                    Kind.BAD_REPLY,
                    url.redacted()
                            + " answered the router QUERY with status "
                            + router.statusCode() + " " + router.statusDescription()
                            + "; is it a Qpid Dispatch router?");
        }
        learn(router);
    }

    private AmqpManagementClient client() throws InspectionException {
        AmqpManagementClient current = client;
        if (current != null && current.usable()) {
            return current;
        }
        if (current != null) {
            LOG.debug("management connection to {} lost; connecting again", url.redacted());
            current.close();
        }
        if (closed) {
            throw new InspectionException(Kind.STOPPED, "the inspection of " + url.redacted() + " was stopped");
        }
        try {
            current = AmqpManagementClient.to(url)
                    .timeout(timeout)
                    .clientName("maestro-inspector")
                    .urlSetting("MANAGEMENT_INTERFACE")
                    .connect();
        } catch (AmqpManagementException e) {
            throw new InspectionException(kindOf(e), e.getMessage(), e);
        }
        client = current;
        if (closed) {
            current.close();
        }
        return current;
    }

    private void learn(ManagementReply router) {
        if (router.results().isEmpty()) {
            return;
        }
        Map<String, Object> self = router.entities().get(0);
        if (self.get("version") != null) {
            facts.put("sut.version", String.valueOf(self.get("version")));
        }
        if (self.get("id") != null) {
            facts.put("sut.name", String.valueOf(self.get("id")));
        }
    }

    @Override
    public Sample poll() throws InspectionException {
        AmqpManagementClient connected = client();
        Sample sample = new Sample();
        for (DataSet dataSet : DispatchDataSets.ALL) {
            String entityType = DispatchDataSets.entityType(dataSet);
            ManagementReply reply = query(connected, entityType);
            if (!reply.ok()) {
                sample.fail(entityType + " not read: status " + reply.statusCode() + " " + reply.statusDescription());
                continue;
            }
            if (dataSet.equals(DispatchDataSets.ROUTER)) {
                learn(reply);
            }
            for (Map<String, Object> entity : reply.entities()) {
                List<Object> row = new ArrayList<>(dataSet.columns().size());
                for (String column : dataSet.columns()) {
                    row.add(entity.get(column));
                }
                sample.add(dataSet, row);
            }
        }
        return sample;
    }

    private ManagementReply query(AmqpManagementClient connected, String entityType) throws InspectionException {
        try {
            return connected.query(entityType);
        } catch (AmqpManagementException e) {
            throw new InspectionException(
                    closed ? Kind.STOPPED : kindOf(e),
                    closed ? "the inspection of " + url.redacted() + " was stopped" : e.getMessage(),
                    e);
        }
    }

    /** The kind of an AMQP management failure; a refused status (401, 403) is a refusal of access. */
    static Kind kindOf(AmqpManagementException e) {
        if (e.statusCode() == 401 || e.statusCode() == 403) {
            return Kind.UNAUTHORIZED;
        }
        return switch (e.reason()) {
            case TIMEOUT -> Kind.TIMEOUT;
            case UNREACHABLE -> Kind.UNREACHABLE;
            case UNAUTHORIZED -> Kind.UNAUTHORIZED;
            case STOPPED -> Kind.STOPPED;
            case BAD_REPLY -> Kind.BAD_REPLY;
        };
    }

    @Override
    public void close() {
        closed = true;
        AmqpManagementClient current = client;
        if (current != null) {
            current.close();
        }
    }
}

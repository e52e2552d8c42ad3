package org.maestro.inspector.role;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.ManagementUrl;
import org.maestro.common.inspection.InspectorCatalog;
import org.maestro.common.inspection.InspectorDescriptor;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.options.OptionCode;
import org.maestro.inspector.InspectorProvider;

/** The inspectors found with ServiceLoader: names, INSPECTOR_NAME's check, and the URL each one claims. */
class InspectorsTest {

    @Test
    void everyInspectorOnTheClassPathIsFoundAndMakesInspectorsOfItsName() {
        assertEquals(List.of("artemis", "dispatch", "mosquitto", "nats", "rabbitmq"), Inspectors.names());
        for (InspectorDescriptor descriptor : InspectorCatalog.all()) {
            assertTrue(
                    descriptor instanceof InspectorProvider,
                    descriptor.getClass().getName());
            ManagementUrl example = ManagementUrl.parse(descriptor.exampleUrl());
            assertEquals(descriptor.name(), Inspectors.forUrl(example), "the example URL of " + descriptor.name());
            try (var inspector = Inspectors.create(descriptor.name().toUpperCase(), example, Duration.ofSeconds(1))) {
                assertEquals(descriptor.name(), inspector.name());
                assertTrue(
                        inspector.dataSets().stream().allMatch(d -> d.name().startsWith(descriptor.name() + "-")),
                        "data sets of " + descriptor.name() + " are named after it: " + inspector.dataSets());
            }
        }
    }

    @Test
    void inspectorNameAcceptsTheNamesFoundAndListsThemWhenRefusing() {
        for (String name : List.of("artemis", "dispatch", "mosquitto", "nats", "RabbitMQ")) {
            OptionCode.INSPECTOR_NAME.validate(name);
        }
        InvalidOptionException refused =
                assertThrows(InvalidOptionException.class, () -> OptionCode.INSPECTOR_NAME.validate("activemq"));
        assertEquals(
                "INSPECTOR_NAME=activemq is not valid: expected artemis, dispatch, mosquitto, nats or rabbitmq",
                refused.getMessage());
    }

    @Test
    void noTwoInspectorsClaimTheSameUrl() {
        for (String url : List.of(
                "http://h:8161/console/jolokia",
                "https://h:8161/console/jolokia",
                "amqp://h",
                "amqps://h",
                "mqtt://h",
                "mqtts://h",
                "nats+http://h:8222",
                "rabbitmq+http://h:15672",
                "http://h:15672/api",
                "http://h:15672/api/")) {
            ManagementUrl parsed = ManagementUrl.parse(url);
            assertEquals(
                    1,
                    InspectorCatalog.all().stream()
                            .filter(d -> d.claims(parsed))
                            .count(),
                    url);
        }
        IllegalArgumentException none = assertThrows(
                IllegalArgumentException.class, () -> Inspectors.forUrl(ManagementUrl.parse("ftp://h:21")));
        assertTrue(
                none.getMessage()
                        .startsWith(
                                "no inspector reads ftp://h:21: MANAGEMENT_INTERFACE is "
                                        + "http://user:password@broker:8161/console/jolokia (artemis), amqp://router:5672 (dispatch), "),
                none.getMessage());
    }
}

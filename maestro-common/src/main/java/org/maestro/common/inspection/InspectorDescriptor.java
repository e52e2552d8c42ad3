package org.maestro.common.inspection;

import org.maestro.base.net.ManagementUrl;

/**
 * What an inspector implementation is, as every peer can know it without loading the inspector itself: its name
 * (INSPECTOR_NAME, START_INSPECTOR), a description for help and error texts, and the management URLs it reads when
 * no name is given. Implementations are found with {@link java.util.ServiceLoader}: one line naming the class in
 * {@code META-INF/services/org.maestro.common.inspection.InspectorDescriptor}. See {@link InspectorCatalog}.
 */
public interface InspectorDescriptor {

    /** The name in INSPECTOR_NAME and START_INSPECTOR, lower case: {@code artemis}, {@code rabbitmq}. */
    String name();

    /** What it inspects and through what, e.g. {@code an ActiveMQ Artemis broker, through its Jolokia agent}. */
    String description();

    /** A management URL it reads, for help and error texts, e.g. {@code amqp://router:5672}. */
    String exampleUrl();

    /**
     * Whether this inspector is the one that reads the URL when INSPECTOR_NAME names none. The URLs claimed by the
     * inspectors on the class path never overlap.
     */
    boolean claims(ManagementUrl url);
}

package org.maestro.inspector;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.common.inspection.InspectorDescriptor;

/**
 * Makes the {@link Inspector} of one kind of system under test. Found with {@link java.util.ServiceLoader}: adding
 * an inspector is one class implementing this and one line naming it in
 * {@code META-INF/services/org.maestro.common.inspection.InspectorDescriptor}.
 */
public interface InspectorProvider extends InspectorDescriptor {

    /**
     * An inspector of the SUT at the URL, not connected yet.
     *
     * @param requestTimeout the longest wait for connecting and for each request
     * @throws IllegalArgumentException when the URL is not one this inspector can use, saying which it can
     */
    Inspector create(ManagementUrl url, Duration requestTimeout);
}

-- An officer looks a vehicle up by its chassis number (GET /api/verification/chassis/:chassisNumber):
-- an index, so the lookup reads one entry, not every registration.
CREATE INDEX registered_plates_chassis_idx ON registered_plates (chassis_number, registration_date DESC);

-- A shop's order names what created it (docs/shop-records.md, decision 060): the buyer's
-- reference (LP-000009 for an application, PO-000003 for a marketplace purchase) and, for an
-- application, its Request ID (REQ-009), so the shop, the buyer and a support desk can match
-- one order. '' / NULL for an order nothing created (the demo shop's own work).
ALTER TABLE agent_orders ADD COLUMN reference text NOT NULL DEFAULT '', ADD COLUMN request_id text;

-- Orders made before: from the application whose number they make, or the purchase that held it.
UPDATE agent_orders o SET reference = q.reference, request_id = q.id
  FROM request_plates rp JOIN plate_requests q ON q.id = rp.request_id
  WHERE rp.order_id = o.id;
UPDATE agent_orders o SET reference = q.reference, request_id = q.id
  FROM plates p JOIN plate_requests q ON q.id = p.source_ref
  WHERE p.source = 'application' AND p.order_id = o.id AND o.reference = '';
UPDATE agent_orders o SET reference = p.source_ref, request_id = NULL
  FROM plates p
  WHERE p.source = 'marketplace' AND p.order_id = o.id AND o.reference = '';

-- The shop's devices (and administrators') receive those orders again, as they now stand.
INSERT INTO change_log (scopes, entity, entity_id, op, data)
SELECT ARRAY['agent:' || o.agent_id, 'admin'], 'agentOrder', o.id, 'put',
  jsonb_build_object(
    'id', o.id, 'agentId', o.agent_id, 'customerName', o.customer_name, 'nrcCheck', o.nrc_check,
    'customerPhone', o.customer_phone, 'plateNumber', o.plate_number, 'plateType', o.plate_type,
    'vehicle', o.vehicle, 'status', o.status, 'collectionDate', to_char(o.collection_date, 'YYYY-MM-DD'),
    'createdAt', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'reference', o.reference, 'requestId', o.request_id
  )
FROM agent_orders o WHERE o.reference <> '' ORDER BY o.created_at, o.id;

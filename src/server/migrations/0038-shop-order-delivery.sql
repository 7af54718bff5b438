-- A shop's order says where to deliver the plates when the buyer asked for delivery
-- (docs/shop-records.md, docs/payments.md "Delivery"); NULL: the buyer collects from the shop.
ALTER TABLE agent_orders ADD COLUMN delivery_address text;

-- Orders made before: from the application that created them, or the marketplace purchase.
UPDATE agent_orders o SET delivery_address = q.delivery_address
  FROM plate_requests q
  WHERE q.id = o.request_id AND q.delivery_address IS NOT NULL;
UPDATE agent_orders o SET delivery_address = po.delivery_address
  FROM purchase_orders po
  WHERE po.id = o.reference AND o.request_id IS NULL AND po.delivery_address IS NOT NULL;

-- The shop's devices (and administrators') receive those orders again, as they now stand.
INSERT INTO change_log (scopes, entity, entity_id, op, data)
SELECT ARRAY['agent:' || o.agent_id, 'admin'], 'agentOrder', o.id, 'put',
  jsonb_build_object(
    'id', o.id, 'agentId', o.agent_id, 'customerName', o.customer_name, 'nrcCheck', o.nrc_check,
    'customerPhone', o.customer_phone, 'plateNumber', o.plate_number, 'plateType', o.plate_type,
    'vehicle', o.vehicle, 'status', o.status, 'collectionDate', to_char(o.collection_date, 'YYYY-MM-DD'),
    'createdAt', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'reference', o.reference, 'requestId', o.request_id, 'deliveryAddress', o.delivery_address
  )
FROM agent_orders o WHERE o.delivery_address IS NOT NULL ORDER BY o.created_at, o.id;

-- Roles get a description (issue 16 item 2): what the role is for, shown on the roles
-- screens. Empty when not given; the same limit as the contract's field (500 characters).
ALTER TABLE roles ADD COLUMN description text NOT NULL DEFAULT '';
ALTER TABLE roles ADD CONSTRAINT roles_description_length CHECK (char_length(description) <= 500);
